import Archive
import ArgumentParser
import Foundation
import Importer

extension Icebox {
    /// `icebox sync`: archive every pinned timeline.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Archive every pinned timeline: catch up on what is new, continue the backfill.",
            discussion: """
                Exit status: 0 when every timeline synced, 1 when any failed (the summary says which and
                why), 75 when another sync holds the archive (unless --wait).
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "Pages to go back per timeline per run (40 statuses a page); the backfill resumes next run.")
        var backfillPages = 10

        @Option(help: "Per-request timeout, in seconds.")
        var timeout: Double = 30

        @Flag(help: "Wait for another sync of this archive to finish instead of exiting with 75.")
        var wait = false

        @Flag(name: .shortAndLong, help: "Print nothing unless something failed (for cron).")
        var quiet = false

        @Flag(help: "Print a machine-readable summary on stdout.")
        var json = false

        func validate() throws {
            guard backfillPages >= 0 else { throw ValidationError("--backfill-pages must be 0 or more") }
            guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        }

        func run() async throws {
            var failed = false
            try await reportingFailures {
                let (home, archive, credentialStore, logger) = try global.openArchive()
                let lock = try await SyncLock(path: home.syncLock, wait: wait)
                defer { withExtendedLifetime(lock) {} }
                var options = SyncOptions()
                options.backfillPages = backfillPages
                options.timeout = timeout
                let synchronizer = Synchronizer(archive: archive, credentials: try credentialStore.load(),
                                                options: options, logger: logger)
                let live = !quiet && !json && Console.stderrIsTerminal
                let reports = try await synchronizer.run { tick in
                    if live { Console.status("\(tick.timeline): \(tick.pages) pages, \(tick.new) new") }
                }
                if live { Console.status("") }
                failed = reports.contains { $0.outcome != .ok }
                if json { return try Console.json(SyncSummary(timelines: reports)) }
                if reports.isEmpty, !quiet { Console.err("No timelines pinned: icebox timeline add <spec>") }
                for report in reports where !quiet || report.outcome != .ok {
                    let line = summaryLine(report)
                    if report.outcome == .ok { Console.out(line) } else { Console.err(line) }
                }
            }
            if failed { throw ExitCode(Exit.failure) }
        }

        private func summaryLine(_ report: TimelineReport) -> String {
            var line = "\(report.timeline): \(report.new) new, \(report.updated) updated, \(report.pages) pages"
            if !report.backfillComplete { line += " (backfill continues next run)" }
            switch report.outcome {
            case .ok: break
            case .failed: line += " — FAILED: \(report.error ?? "unknown error")"
            case .refused: line += " — REFUSED: \(report.error ?? "the server refused")"
            }
            for warning in report.warnings { line += "\n  warning: \(warning)" }
            return line
        }
    }
}

/// `icebox sync --json`.
struct SyncSummary: Encodable {
    var timelines: [TimelineReport]
    var ok: Bool { timelines.allSatisfy { $0.outcome == .ok } }

    enum CodingKeys: String, CodingKey { case timelines, ok }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timelines, forKey: .timelines)
        try container.encode(ok, forKey: .ok)
    }
}
