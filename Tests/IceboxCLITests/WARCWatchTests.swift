import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing
import WARC

#if canImport(Glibc)
    import Glibc
#endif

/// `watch --warc`: what the event stream sends is captured too, each event a `resource` record in the
/// stream's own form (issue 32: "Streamed events go in as resource records").
@Suite(.serialized) struct WARCWatchTests {
    @Test func streamedEventsAreCapturedAsResourceRecords() async throws {
        let server = try await WatchCLITests.server()
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let folder = try TemporaryDirectory("icebox-warc-watch")
        let watch = try RunningCommand(
            CLI.binary,
            [
                "watch", "--home", cli.home.path, "--idle-timeout", "2", "--poll-interval", "1",
                "--max-backoff", "1", "--warc", folder.path,
            ])
        try await waitUntil(seconds: 30) { await server.streamCounts().open >= 1 }
        let posted = await server.addStatuses(3)
        try await waitUntil(seconds: 60) { try await WatchCLITests.archived(posted, cli, server) }
        watch.kill(SIGTERM)
        #expect(await watch.wait() == 0, "SIGTERM ends watch cleanly")

        let (_, records) = try WARCCLITests.records(in: folder.url)
        let events = records.filter { $0.kind == .resource && $0["Content-Type"] == "text/event-stream" }
        #expect(events.allSatisfy { $0.targetURI?.contains("/api/v1/streaming") == true })
        let texts = events.map { String(decoding: $0.block, as: UTF8.self) }
        for id in posted {
            #expect(
                texts.contains { $0.hasPrefix("event: update\ndata: ") && $0.contains("\"\(id)\"") },
                "the update event of \(id) is captured: \(texts.count) events")
        }
        let token = Data("test-token".utf8)
        for record in records { #expect(record.serialized().range(of: token) == nil) }
    }
}
