import Foundation
import IceboxTestSupport
import MastodonTestServer
import Router
import Testing

/// `icebox serve` answers the people routes (issue 44): whom alice follows and who follows her, from the
/// relation ledger her sync kept, as a page and as the CLI's records; who boosted a post; and says so
/// for what the archive does not keep.
@Suite(.serialized) struct ServePeopleTests {
    @Test(arguments: ServedStore.allCases) func followingAndFollowersAreTheServersLists(_ kind: ServedStore)
        async throws
    {
        guard let archive = try await kind.archive() else { return }
        let expected = await archive.server.relationHandles("alice", .following)
        #expect(!expected.isEmpty)
        try await archive.serving { served in
            let route = RouterDestination.following(id: "alice@icebox.test")
            let page = try await served.get(route.path)
            #expect(page.status == .ok, "\(page.body.prefix(300))")
            #expect(page.body.contains("following of @alice@icebox.test"))
            let json = try await served.get(route.path, json: true)
            let records = try #require(try JSONSerialization.jsonObject(with: Data(json.body.utf8)) as? [[String: Any]])
            #expect(records.compactMap { $0["acct"] as? String }.sorted() == expected)
            let followers = try await served.get(RouterDestination.followers(id: "ALICE@icebox.test").path, json: true)
            let listed = try #require(
                try JSONSerialization.jsonObject(with: Data(followers.body.utf8)) as? [[String: Any]])
            #expect(
                listed.compactMap { $0["acct"] as? String }.sorted()
                    == (await archive.server.relationHandles("alice", .followers)))

            let stranger = try await served.get(RouterDestination.following(id: "carol@icebox.test").path)
            #expect(stranger.status == .notFound && stranger.body.contains("its own accounts only"))
            let number = try #require(try await archive.hostileNumber())
            let favourited = try await served.get(RouterDestination.favoritedBy(id: "\(number)").path)
            #expect(favourited.status == .ok && favourited.body.contains("None archived"))
            let boosted = try await served.get(RouterDestination.rebloggedBy(id: "\(number)").path)
            #expect(boosted.status == .ok && boosted.body.contains("archived boost"))
        }
    }
}
