import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonTestServer
import Models

/// A `watch` running in this process against a test server that streams, for the tests of issue 17.
struct WatchFixture {
    let fixture: SyncFixture
    let task: Task<WatchTotals, any Error>

    static func options(_ fixture: SyncFixture, poll: Duration = .seconds(1)) -> WatchOptions {
        var options = WatchOptions()
        options.pollInterval = poll
        options.idleTimeout = 2
        options.minBackoff = .milliseconds(50)
        options.maxBackoff = .milliseconds(400)
        options.batchDelay = .milliseconds(20)
        options.lockPath = fixture.home.url.appending(path: "sync.lock")
        return options
    }

    /// Starts watching every pinned timeline of `fixture`.
    static func start(_ fixture: SyncFixture, options: WatchOptions? = nil) throws -> WatchFixture {
        var sync = SyncOptions()
        sync.backfillPages = 0
        sync.timeout = 10
        sync.backoff = .milliseconds(20)
        let watcher = Watcher(
            synchronizer: Synchronizer(
                archive: fixture.archive, credentials: try fixture.credentials.load(),
                options: sync, logger: Logger(label: "watch")),
            options: options ?? Self.options(fixture))
        return WatchFixture(fixture: fixture, task: Task { try await watcher.run() })
    }

    /// Waits until `count` streams are open (a watch reconnected), at most `seconds`.
    func waitForStreams(_ count: Int, seconds: Double = 20) async throws {
        try await waitUntil(seconds: seconds) { await fixture.server.streamCounts().open >= count }
    }

    /// Stops the watch as SIGTERM does and returns what it stored.
    func stop() async throws -> WatchTotals {
        task.cancel()
        return try await task.value
    }
}
