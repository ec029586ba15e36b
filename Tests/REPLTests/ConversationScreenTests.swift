import Archive
import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import REPL
import Router
import Testing

/// `conversations` in the REPL (issue 44): the direct-message conversations a `conversations` timeline
/// kept, as a route on the navigation stack; `conversations <id>` shows one (its participants and the
/// archived thread of its last status, numbered for `open`), `back` as from any screen.
@Suite(.serialized) struct ConversationScreenTests {
    @Test func conversationsAndOneConversationAreRoutesOnTheStack() async throws {
        var config = TestServerConfig()
        config.statusCount = 20
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let corpus = try await ConversationCorpus.add(to: server)
        let home = try TemporaryDirectory("icebox-repl-conversations")
        let logger = Logger(label: "repl-test")
        let archive = try await AliceArchive.sync(
            from: server, into: home.url, logger: logger, alsoPinning: ["conversations"])
        var session = REPLSession(
            archive: archive,
            exporter: Exporter(
                archive: archive, home: IceboxHome(directory: home.url), version: "test", logger: logger),
            logger: logger, pageSize: 100)

        let listed = await session.execute("conversations")
        #expect(listed.failure == nil, "\(listed)")
        let lines = listed.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "conversations: 3 archived", "\(listed.output)")
        let paths = lines.filter { $0.hasPrefix("/conversations/") }.compactMap { $0.split(separator: " ").first }
            .map(String.init)
        // Newest last status first; the one whose last status the server sent as null last.
        #expect(paths == [corpus.withBoth, corpus.withBob, corpus.empty].map { "/conversations/\($0)" })
        #expect(listed.output.contains("@\(corpus.bob)@icebox.test, @\(corpus.carol)@icebox.test"))
        #expect(listed.output.contains("my direct reply"))
        #expect(await session.execute("path").output.hasSuffix("/timelines/conversations"))

        let one = await session.execute("conversations \(corpus.withBob)")
        #expect(one.failure == nil, "\(one)")
        #expect(
            one.output.hasPrefix(
                "conversation \(corpus.withBob) of @alice@icebox.test (unread): with @\(corpus.bob)@icebox.test"))
        #expect(one.output.contains("psst, a direct message") && one.output.contains("my direct reply"))
        #expect(session.numbered.count == 2, "the message and the reply, numbered")
        #expect(await session.execute("path").output.hasSuffix("/conversations/\(corpus.withBob)"))
        #expect(await session.execute("open 1").failure == nil)
        #expect(await session.execute("back").output == one.output)

        let empty = await session.execute("url /conversations/\(corpus.empty)")
        #expect(empty.output.contains("no archived status: it has no last status"), "\(empty)")
        #expect(await session.execute("back").output == one.output)
        #expect(await session.execute("back").output == listed.output)
        let unknown = await session.execute("conversations 999999")
        #expect(unknown.failure?.contains("not in the archive") == true, "\(unknown)")
    }
}
