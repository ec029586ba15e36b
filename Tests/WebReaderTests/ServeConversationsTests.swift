import Foundation
import HTTPTypes
import IceboxTestSupport
import Logging
import MastodonTestServer
import Router
import Testing

/// `icebox serve` shows the direct-message conversations a `conversations` timeline kept (issue 44):
/// `/conversations`, paged with its total (as JSON, `icebox conversations --json`'s records), and
/// `/conversations/<id>` (its participants and the archived thread of its last status), behind the same
/// owner secret and cross-site refusal as every page.
@Suite(.serialized) struct ServeConversationsTests {
    @Test func conversationsAndOneConversationArePages() async throws {
        var config = TestServerConfig()
        config.statusCount = 20
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let corpus = try await ConversationCorpus.add(to: server)
        let home = try TemporaryDirectory("icebox-serve-conversations")
        _ = try await AliceArchive.sync(
            from: server, into: home.url, logger: Logger(label: "serve-test"), alsoPinning: ["conversations"])
        let process = try await ServeProcess.start(["serve", "--listen", "127.0.0.1:0", "--home", home.path])
        defer { process.running.signal(SIGTERM) }
        let served = process.served

        let page = try await served.get("/conversations")
        #expect(page.status == .ok, "\(page.body.prefix(300))")
        #expect(page.body.contains("3 conversations"))
        #expect(page.body.contains("@\(corpus.bob)@icebox.test, @\(corpus.carol)@icebox.test"))
        for id in [corpus.withBob, corpus.withBoth, corpus.empty] {
            #expect(page.body.contains("href=\"/conversations/\(id)\""), "\(id)")
        }
        let json = try await served.get("/conversations", json: true)
        #expect(json.headers[try #require(HTTPField.Name("X-Total-Count"))] == "3")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.body.utf8)) as? [[String: Any]])
        // The server's order, but for the one whose last status it sent as null: Icebox lists it last.
        let sent = try await server.conversationObjects("alice").map {
            try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any])
        }
        let objects = sent.filter { !($0["last_status"] is NSNull) } + sent.filter { $0["last_status"] is NSNull }
        #expect(records.map { $0["id"] as? String } == objects.map { $0["id"] as? String })
        #expect(records.map { $0["unread"] as? Bool } == objects.map { $0["unread"] as? Bool })
        let timeline = try await served.get(RouterDestination.pinnedTimeline(.conversations).path, json: true)
        #expect(timeline.body == json.body, "the pinned timeline's route is the same list")

        let one = try await served.get(RouterDestination.conversationDetail(id: corpus.withBob).path)
        #expect(one.status == .ok, "\(one.body.prefix(300))")
        #expect(
            one.body.contains("conversation \(corpus.withBob)") && one.body.contains("with @\(corpus.bob)@icebox.test"))
        #expect(one.body.contains("psst, a direct message") && one.body.contains("my direct reply"))
        let empty = try await served.get(RouterDestination.conversationDetail(id: corpus.empty).path)
        #expect(empty.status == .ok && empty.body.contains("it has no last status"))
        let unknown = try await served.get(RouterDestination.conversationDetail(id: "999999").path)
        #expect(unknown.status == .notFound && unknown.body.contains("not in the archive"))

        // The owner's secret and the cross-site refusal hold here as on every page.
        let stranger = try await served.get("/conversations", asOwner: false)
        #expect(stranger.status == .forbidden && !stranger.body.contains("direct message"))
        let crossSite = try await served.get(
            RouterDestination.conversationDetail(id: corpus.withBob).path,
            headers: [try #require(HTTPField.Name("Sec-Fetch-Site")): "cross-site"])
        #expect(crossSite.status == .forbidden && !crossSite.body.contains("direct message"))
    }
}
