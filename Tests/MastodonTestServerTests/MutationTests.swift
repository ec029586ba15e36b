import Foundation
import IceboxTestSupport
import Testing

@testable import MastodonTestServer

@Suite("Adding, backdating, editing and deleting statuses")
struct MutationTests {
    @Test func addedStatusesArriveThroughMinIDCatchUp() async throws {
        try await withTestServer({ $0.homeShare = 1.0 }) { server in
            let newest = try #require(await server.timelineIDs(.home("alice")).first)
            let added = await server.addStatuses(50)
            let addedHome = Set(await server.timelineIDs(.home("alice"))).intersection(added)
            #expect(addedHome.count == 50, "alice follows everyone")
            var caught: [String] = []
            var cursor = newest
            while true {
                let page = try await fetch(
                    server.url("/api/v1/timelines/home?limit=40&min_id=\(cursor)"), token: "test-token")
                if page.ids.isEmpty {
                    #expect(page.header("Link") == nil)
                    break
                }
                caught += page.ids
                cursor = try #require(page.linkValue("prev", "min_id"))
            }
            #expect(Set(caught) == Set(added))
            #expect(caught.count == added.count)
            for id in added { #expect(isNewer(id, than: newest)) }
        }
    }

    @Test func backdatedStatusesGetIDsBelowTheNewest() async throws {
        try await withTestServer { server in
            let newest = try #require(await server.snapshot().newestStatusID)
            let late = await server.addBackdatedStatuses(2, secondsAgo: 600)
            #expect(late.count == 2)
            for id in late {
                #expect(isNewer(newest, than: id))
                let status = try await fetch(server.url("/api/v1/statuses/\(id)"))
                #expect(status.status == 200)
                #expect((status.object["account"] as? [String: Any])?["acct"].map { "\($0)".contains("@") } == true)
            }
            let catchUp = try await fetch(server.url("/api/v1/timelines/public?min_id=\(newest)"))
            #expect(catchUp.ids.allSatisfy { !late.contains($0) }, "a min_id catch-up misses late arrivals")
        }
    }

    @Test func editSetsEditedAtAndKeepsHistory() async throws {
        try await withTestServer { server in
            let id = try #require(await server.timelineIDs(.local).first)
            #expect(await server.editStatus(id: id, content: "Fixed a typo & more"))
            let status = try await fetch(server.url("/api/v1/statuses/\(id)"))
            #expect(status.object["content"] as? String == "<p>Fixed a typo &amp; more</p>")
            #expect(status.object["edited_at"] is String)
            let history = try await fetch(server.url("/api/v1/statuses/\(id)/history"))
            #expect(history.objects.count == 2)
            #expect(history.objects.last?["content"] as? String == "<p>Fixed a typo &amp; more</p>")
        }
    }

    @Test func deletedStatusesAnswer404AndLeaveTimelines() async throws {
        try await withTestServer { server in
            let id = try #require(await server.timelineIDs(.federated).first)
            #expect(await server.deleteStatus(id: id))
            let gone = try await fetch(server.url("/api/v1/statuses/\(id)"))
            #expect(gone.status == 404)
            let page = try await fetch(server.url("/api/v1/timelines/public?limit=40"))
            #expect(!page.ids.contains(id))
        }
    }

    @Test func adminHTTPAddsStatuses() async throws {
        try await withTestServer { server in
            let reply = try await fetch(server.url("/__admin/statuses?count=3"), method: "POST")
            let ids = try #require(reply.object["ids"] as? [String])
            #expect(ids.count == 3)
            let state = try await fetch(server.url("/__admin/state"))
            #expect(state.object["newestStatusID"] as? String == ids.last)
        }
    }

    @Test func threadsHaveContext() async throws {
        try await withTestServer({ $0.statusCount = 300 }) { server in
            let all = await server.timelineIDs(.account("alice")) + (await server.timelineIDs(.federated))
            var found = false
            for id in all {
                let status = try await fetch(server.url("/api/v1/statuses/\(id)"))
                guard let parent = status.object["in_reply_to_id"] as? String else { continue }
                let context = try await fetch(server.url("/api/v1/statuses/\(id)/context"))
                let ancestors = (context.object["ancestors"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                #expect(ancestors?.last == parent)
                let up = try await fetch(server.url("/api/v1/statuses/\(parent)/context"))
                let below = (up.object["descendants"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                #expect(below?.contains(id) == true)
                found = true
                break
            }
            #expect(found)
        }
    }

    @Test func corpusIsDeterministicForASeed() async throws {
        var config = TestServerConfig()
        config.seed = 7
        let a = Store(config: config)
        let b = Store(config: config)
        #expect(a.order == b.order)
        config.seed = 8
        #expect(Store(config: config).order != a.order)
        #expect(a.statuses.values.contains { $0.isReblog })
        #expect(a.statuses.values.contains { !$0.media.isEmpty })
        #expect(a.statuses.values.contains { $0.language == "ja" })
        #expect(a.statuses.values.contains { $0.poll != nil })
    }
}
