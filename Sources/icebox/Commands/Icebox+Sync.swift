import ArchiveCore
import ArgumentParser
import Foundation
import Importer
import MediaArchive
import Models

extension Icebox {
    /// `icebox sync`: archive every pinned timeline.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Archive every pinned timeline: catch up on what is new, continue the backfill.",
            discussion: """
                Exit status: 0 when every timeline synced, 1 when any failed (the summary says which and \
                why), 75 when another sync holds the archive (unless --wait).
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "Pages to go back per timeline per run (40 statuses a page); the backfill resumes next run.")
        var backfillPages = 10

        @Option(help: ArgumentHelp("Backfill no further back than this day (UTC).", valueName: Day.format))
        var since: Day?

        @Option(help: "Statuses re-read below the newest archived one, to catch posts that federate late.")
        var overlap = 20

        @Option(help: "Requests of the server's rate limit left for your other apps.")
        var rateReserve = 50

        @Option(
            help: "The longest to wait for a rate limit to reset, in seconds; past it, the rest waits for the next run."
        )
        var maxRateWait: Int = 900

        @Option(help: "Retries of a request that fails transiently (5xx, timeout, dropped connection), with backoff.")
        var retries = 4

        @Option(help: "Per-request timeout, in seconds: no byte for this long ends a request.")
        var timeout: Double = 30

        @Option(help: ArgumentHelp("The longest one API request may take in all, in seconds.", valueName: "seconds"))
        var deadline: Double = 120

        @Option(
            help: ArgumentHelp(
                "Give up an API answer slower than this many bytes per second (after 20 s; 0: never).",
                valueName: "bytes"))
        var minRate: Double = 512

        @Option(help: "Catch-up pages per timeline per run; the rest follows on the next run.")
        var catchUpPages = 250

        @OptionGroup var media: MediaFlags

        @OptionGroup var capture: WARCCaptureOptions

        @Flag(help: "Do not download media; the URLs are archived, so `icebox media fetch` can catch up later.")
        var noMedia = false

        @OptionGroup var runFlags: RunFlags

        @Flag(help: "Keep syncing until stopped: a worker of a team's shared store (run from systemd).")
        var loop = false

        @Option(
            help: ArgumentHelp(
                "On a shared store, how long a worker's claim on a server lasts unless renewed (a killed worker's servers wait this long).",
                valueName: "seconds"))
        var lease: Double = 120

        @Option(
            help: ArgumentHelp(
                "With --loop, the longest pause between runs, in seconds (a pinned timeline on a shared store wakes it).",
                valueName: "seconds"))
        var interval: Double = 300

        @Option(
            name: .customLong("recheck"),
            help: ArgumentHelp(
                "After the timelines, ask the servers again about the archived statuses posted in the last DAYS days (--recheck alone: \(Rechecker.defaultDays)); mark those deleted, keep edits as versions.",
                valueName: "days"))
        var recheckDays: Int?

        func validate() throws {
            try OptionRange.check("--backfill-pages", backfillPages, in: 0...100_000_000)
            try OptionRange.seconds("--timeout", timeout, maximum: 3600)
            try OptionRange.seconds("--deadline", deadline, maximum: 86_400)
            try OptionRange.check("--min-rate", minRate, in: 0...1e12, unit: "bytes a second")
            try OptionRange.check("--catch-up-pages", catchUpPages, in: 1...100_000)
            try OptionRange.check("--overlap", overlap, in: 0...200)
            try OptionRange.check("--rate-reserve", rateReserve, in: 0...100_000)
            try OptionRange.check("--max-rate-wait", maxRateWait, in: 0...86_400, unit: "seconds")
            try OptionRange.check("--retries", retries, in: 0...20)
            if let recheckDays { try OptionRange.check("--recheck", recheckDays, in: 1...36_500, unit: "days") }
            try media.validate()
        }

        func run() async throws {
            guard loop else {
                do { try await runOnce() } catch let failed as TimelinesFailed { throw ExitCode(failed.status) }
                return
            }
            try await reportingFailures {
                let context = try await global.context(.continuing)
                context.logger.info(
                    "syncing until stopped",
                    metadata: ["store": "\(context.store.location)", "home": "\(context.home.directory.path)"])
                while true {
                    do {
                        try await runOnce(context)
                    } catch is TimelinesFailed {
                        // A run where a timeline failed (a refused token too, which the summary names): the
                        // next run tries it again, and the other accounts' timelines go on being archived.
                        // Anything else that ends a run (a store refusing its user, an unsafe folder) ends
                        // the loop, so a service restarted on failure says so.
                    } catch let code as ExitCode where code.rawValue == ExitStatus.tempFail.rawValue {
                        // Another run held the archive (SQLite): wait for the next turn.
                    }
                    if let work = context.capabilities.sharedWork {
                        await work.waitForWork(timeout: .milliseconds(Int64(interval * 1000)))
                    } else {
                        try await Task.sleep(for: .milliseconds(Int64(interval * 1000)))
                    }
                }
            }
        }

        /// One run: the timelines, then (unless --no-media) the media. `opened`: the context of a
        /// `--loop`, whose store each run reuses.
        func runOnce(_ opened: CommandContext? = nil) async throws {
            var failed: ExitStatus?
            try await reportingFailures {
                let context = if let opened { opened } else { try await global.context(.continuing) }
                let shared = context.capabilities.isShared
                var options = SyncOptions()
                options.backfillPages = backfillPages
                options.timeout = timeout
                options.requestDeadline = deadline
                options.minimumRate = minRate
                options.catchUpPages = catchUpPages
                options.overlap = overlap
                options.attempts = retries + 1
                options.rateReserve = rateReserve
                options.maxRateWait = .seconds(maxRateWait)
                options.since = since?.start
                options.media = media.options()
                options.mediaDirectory = context.home.media
                options.leaseDuration = .milliseconds(Int64(max(lease, 1) * 1000))
                let synchronizer = Synchronizer(
                    archive: context.store, credentials: try context.credentials.load(),
                    options: options, logger: context.logger)
                let live = runFlags.live(global)
                let view = SyncProgressView()
                if live { ProgressBoard.shared.start() }
                defer { ProgressBoard.shared.stop() }
                let progress: @Sendable (SyncProgress) -> Void = { tick in if live { view.show(tick) } }
                let warc = try await capture.start(context)
                defer { _ = try? warc?.finish() }
                // Timelines under `sync.lock`, media under `media.lock`: a slow download never keeps
                // the next run from archiving timelines.
                var run = try await warc.around {
                    try await SyncPhases.timelines(
                        home: context.home, wait: runFlags.wait, shared: shared,
                        synchronizer, progress: progress)
                }
                var rechecked: [RecheckReport]?
                if let recheckDays {
                    let rechecker = Rechecker(after: synchronizer)
                    rechecked = try await warc.around {
                        try await SyncPhases.recheck(
                            home: context.home, wait: runFlags.wait, shared: shared,
                            rechecker, days: recheckDays)
                    }
                }
                if !noMedia {
                    run.media = try await warc.around {
                        try await SyncPhases.media(
                            home: context.home, quiet: runFlags.quiet, synchronizer, progress: progress)
                    }
                }
                try warc?.finish()
                ProgressBoard.shared.stop()
                let reports = run.timelines
                let summary = SyncSummary(
                    timelines: reports, media: run.media, recovered: run.recovered, recheck: rechecked,
                    relations: run.relations, reactions: run.reactions)
                // 77 when an account's token was refused: what to do is on its timelines' lines.
                failed = summary.ok ? nil : reports.contains(where: \.tokenRefused) ? .noPermission : .failure
                if reports.isEmpty, try await context.store.timelines().isEmpty {
                    // Even with -q or --json: a cron job that archives nothing must not succeed in silence.
                    Console.err("icebox: no timelines pinned in \(context.store.location): icebox timeline add <spec>")
                    throw ExitCode(ExitStatus.config.rawValue)
                }
                if runFlags.format.json { return try Console.json(summary) }
                if run.recovered.archived > 0, !runFlags.quiet {
                    Console.out("Archived \(run.recovered.archived) statuses kept unreadable by an earlier Icebox")
                }
                if reports.isEmpty, shared, !runFlags.quiet {
                    Console.err(
                        "Nothing to sync: other workers hold every server with pinned timelines, or synced it since this run began"
                    )
                }
                for report in reports where !runFlags.quiet || report.outcome != .ok {
                    let line = summaryLine(report)
                    if report.outcome == .ok { Console.out(line) } else { Console.err(line) }
                }
                for report in run.relations {
                    if report.error != nil {
                        Console.err(RelationSummary.line(report))
                    } else if !runFlags.quiet, report.seen + report.ended > 0 {
                        Console.out(RelationSummary.line(report))
                    }
                }
                for report in run.reactions {
                    if report.error != nil {
                        Console.err(ReactionSummary.line(report))
                    } else if !runFlags.quiet, report.posts > 0 || report.deferred {
                        Console.out(ReactionSummary.line(report))
                    }
                }
                for report in rechecked ?? [] where !runFlags.quiet || report.error != nil {
                    let line = RecheckSummary.line(report)
                    if report.error == nil { Console.out(line) } else { Console.err(line) }
                }
                if let media = run.media {
                    if let error = media.error {
                        Console.err("media: FAILED: \(error)")
                    } else if let report = media.report, !runFlags.quiet, report.wanted > 0 {
                        Console.out(MediaSummary.line(report))
                    }
                }
            }
            if let failed { throw TimelinesFailed(status: failed) }
        }

        /// A run that went through but where some timeline failed, as `status` (1, or 77 when a token was
        /// refused): told apart from the errors that end a run, which `reportingFailures` makes exit codes.
        struct TimelinesFailed: Error {
            let status: ExitStatus
        }

        private func summaryLine(_ report: TimelineReport) -> String {
            var line =
                "\(report.timeline): \(report.new) new, \(report.updated) updated, \(Plural.of(report.pages, "page"))"
            if report.unreadable > 0 { line += ", \(report.unreadable) kept unreadable (icebox unreadable)" }
            if report.editHistories > 0 {
                line += ", \(Plural.of(report.editHistories, "edit history", "edit histories"))"
            }
            // Only a timeline that synced goes on where it stopped; a failed one waits for its cause to go.
            if !report.backfillComplete, report.outcome == .ok { line += " (backfill continues next run)" }
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

/// `icebox sync --json` (see `docs/json.md`): `media` is `null` with `--no-media`, `recheck` without `--recheck`.
struct SyncSummary: Encodable {
    let timelines: [TimelineReport]
    /// Nil with `--no-media`.
    @EncodedAsNull var media: MediaRunReport?
    /// What an earlier Icebox kept unreadable and this run archived.
    let recovered: RecoveryReport
    /// Nil without `--recheck`.
    @EncodedAsNull var recheck: [RecheckReport]?
    /// Each account's relation walk, by kind (empty when `config graph off`).
    let relations: [RelationReport]
    /// Who reacted to each account's own posts, as asked of its server (empty unless `config reactions on`).
    let reactions: [ReactionReport]
    /// Every timeline synced, and neither the media nor a recheck failed: the run's exit status is 0.
    let ok: Bool

    init(
        timelines: [TimelineReport], media: MediaRunReport?, recovered: RecoveryReport, recheck: [RecheckReport]?,
        relations: [RelationReport] = [], reactions: [ReactionReport] = []
    ) {
        self.timelines = timelines
        self.relations = relations
        self.reactions = reactions
        self.media = media
        self.recovered = recovered
        self.recheck = recheck
        ok =
            timelines.allSatisfy { $0.outcome == .ok } && media?.error == nil
            && recheck?.allSatisfy { $0.error == nil } != false
    }
}
