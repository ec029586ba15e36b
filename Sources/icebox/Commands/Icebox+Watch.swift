import ArchiveCore
import ArgumentParser
import Dispatch
import Foundation
import Importer
import Models

extension Icebox {
    /// `icebox watch`: archive as it happens, from the streaming API.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Archive pinned timelines as they happen, from the streaming API, until stopped.",
            discussion: """
                Follows the stream of each pinned timeline that has one (home, mentions, local, federated, tag:, \
                list:, remote:), catching up by REST from the stored position on every (re)connection, so nothing \
                between two connections is missed; a dropped or silent connection is reopened with backoff. \
                Timelines without a stream (bookmarks, favourites, own), and servers without \
                streaming or refusing it, are polled every --poll-interval seconds. Deleted posts are marked \
                (see `icebox config deletions`), edits kept as versions. sync.lock is held only while a batch \
                is written or a timeline caught up, so a cron `icebox sync` runs beside it. SIGTERM or SIGINT \
                stores what is buffered and exits 0, or 77 when a server refused an account's token meanwhile: \
                its timelines are no longer watched (a line names them and the remedy), the others are. \
                Run it as a systemd service (see the README).
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var capture: WARCCaptureOptions

        @Option(
            help: ArgumentHelp("Seconds between REST catch-ups of timelines without a stream.", valueName: "seconds"))
        var pollInterval: Double = 300

        @Option(
            help: ArgumentHelp(
                "Seconds without a byte (heartbeats included) after which a stream is taken for dead.",
                valueName: "seconds"))
        var idleTimeout: Double = 90

        @Option(help: ArgumentHelp("The longest pause between two reconnections, in seconds.", valueName: "seconds"))
        var maxBackoff: Double = 120

        @Option(help: "Per-request timeout of the REST catch-ups, in seconds.")
        var timeout: Double = 30

        func validate() throws {
            try OptionRange.seconds("--poll-interval", pollInterval, maximum: 86_400)
            try OptionRange.seconds("--idle-timeout", idleTimeout, maximum: 3600)
            try OptionRange.seconds("--max-backoff", maxBackoff, maximum: 3600)
            try OptionRange.seconds("--timeout", timeout, maximum: 3600)
        }

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.continuing)
                if try await context.store.timelines().isEmpty {
                    // A service with nothing to watch says so and fails, instead of restarting in silence.
                    Console.err("icebox: no timelines pinned in \(context.store.location): icebox timeline add <spec>")
                    throw ExitCode(ExitStatus.config.rawValue)
                }
                var sync = SyncOptions()
                sync.backfillPages = 0
                sync.timeout = timeout
                var options = WatchOptions()
                options.pollInterval = .milliseconds(Int64(pollInterval * 1000))
                options.idleTimeout = idleTimeout
                options.maxBackoff = .milliseconds(Int64(maxBackoff * 1000))
                options.lockPath = context.capabilities.isShared ? nil : context.home.syncLock
                // A person at a terminal sees what happens; a service's journal gets the log (-v) only.
                let atTerminal = Console.stderrIsTerminal
                if atTerminal { options.activity = { Console.err($0) } }
                // A refused token is said wherever stderr goes (a service's journal too), as it happens; the
                // other timelines go on being watched, and the exit status says it at the end (77).
                options.tokenRefused = { Console.err($0) }
                let watcher = Watcher(
                    synchronizer: Synchronizer(
                        archive: context.store, credentials: try context.credentials.load(),
                        options: sync, logger: context.logger),
                    options: options)
                let warc = try await capture.start(context)
                defer { _ = try? warc?.finish() }
                // The task inherits the capture: every REST exchange of the watch is written.
                let watching = try await warc.around { Task { try await watcher.run() } }
                let signals = StopSignals { watching.cancel() }
                defer { withExtendedLifetime(signals) {} }
                context.logger.info("watching", metadata: ["store": "\(context.store.location)"])
                if atTerminal {
                    Console.err("watching \(context.store.location); Ctrl-C stops (what is buffered is stored)")
                }
                let totals = try await watching.value
                try warc?.finish()
                context.logger.info(
                    "stopped", metadata: ["statuses": "\(totals.statuses)", "deletions": "\(totals.deletions)"])
                if atTerminal {
                    Console.err("stopped: \(totals.statuses) statuses and \(totals.deletions) deletions archived")
                }
                guard totals.tokenRefused > 0 else { return }
                if !watching.isCancelled {
                    // Other timelines may have ended otherwise (one that cannot be watched): say only this.
                    let refused = totals.tokenRefused == 1 ? "1 timeline" : "\(totals.tokenRefused) timelines"
                    Console.err(
                        "icebox: nothing left to watch; \(refused) stopped because the server refused the token")
                }
                throw ExitCode(ExitStatus.noPermission.rawValue)
            }
        }
    }
}

/// SIGTERM and SIGINT end `watch` cleanly: the handler cancels it instead of the process dying.
final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(_ stop: @escaping @Sendable () -> Void) {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }

    deinit { for source in sources { source.cancel() } }
}
