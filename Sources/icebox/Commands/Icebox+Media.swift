import ArchiveCore
import ArgumentParser
import Foundation
import Importer
import MediaArchive
import Models

extension Icebox {
    /// `icebox media fetch|verify|gc`: the archive's copies of attachments, avatars and emoji.
    struct Media: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "media",
            abstract: "Keep the media of archived statuses: fetch what is missing, verify, collect garbage.",
            discussion: """
                Files are stored once per distinct content as media/ab/cd/<sha256>.<ext> in the archive folder. \
                `icebox sync` fetches media after the timelines unless --no-media.
                """,
            subcommands: [Fetch.self, Verify.self, Collect.self])
    }
}

/// Media flags shared by `icebox sync` and `icebox media fetch`.
struct MediaFlags: ParsableArguments {
    @Flag(help: "Do not keep attachments' preview images.")
    var noPreviews = false

    @Flag(
        help: "Also keep authors' avatars and headers (of every profile version) and the custom emoji used in statuses."
    )
    var withAvatars = false

    @Option(
        help: ArgumentHelp("Skip files larger than this (e.g. 500K, 100M, 2G).", valueName: "size"),
        transform: SizeArgument.parse)
    var maxMediaSize = SizeArgument(bytes: 100 << 20, description: "100M")

    @Option(help: "Media downloads at once.")
    var mediaConcurrency = 4

    @Option(help: ArgumentHelp("The longest one media download may take, in seconds.", valueName: "seconds"))
    var mediaDeadline: Double = 900

    @Option(
        help: ArgumentHelp(
            "Give up a media download slower than this many bytes per second (after 30 s; 0: never).",
            valueName: "bytes"))
    var mediaMinRate: Double = 4096

    func validate() throws {
        try OptionRange.check("--media-concurrency", mediaConcurrency, in: 1...32)
        try OptionRange.seconds("--media-deadline", mediaDeadline, maximum: 86_400)
        try OptionRange.check("--media-min-rate", mediaMinRate, in: 0...1e12, unit: "bytes a second")
    }

    func options() -> MediaOptions {
        var options = MediaOptions()
        options.previews = !noPreviews
        options.avatars = withAvatars
        options.maxFileSize = maxMediaSize.bytes
        options.concurrency = mediaConcurrency
        options.deadline = mediaDeadline
        options.minimumRate = mediaMinRate
        return options
    }
}

/// One-line summaries of media reports, and their failures as indented warnings.
enum MediaSummary {
    static func line(_ report: MediaReport) -> String {
        guard report.wanted > 0 else { return "media: nothing missing" }
        let size = ByteSize.text(report.bytes)
        var line =
            "media: \(report.stored) of \(report.wanted) stored (\(report.newFiles) new \(report.newFiles == 1 ? "file" : "files"), \(size))"
        if report.failed > 0 { line += ", \(report.failed) failed" }
        if report.deferred > 0 { line += ", \(report.deferred) left for the next run" }
        if report.skippedFailed > 0 { line += ", \(report.skippedFailed) failed before (media fetch --retry-failed)" }
        for failure in report.failures.prefix(20) { line += "\n  warning: \(failure.url): \(failure.reason)" }
        if report.failures.count > 20 { line += "\n  … and \(report.failures.count - 20) more (--json lists them)" }
        return line
    }
}

extension Icebox.Media {
    struct Fetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fetch",
            abstract: "Download the media of archived statuses that is still missing, without reading timelines.",
            discussion: "Exit status: 0 when nothing failed, 1 when some files could not be stored.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var media: MediaFlags

        @Flag(help: "Try again URLs that failed for good before (404, 410, not media, too large…).")
        var retryFailed = false

        @OptionGroup var runFlags: RunFlags

        func run() async throws {
            var failed = false
            try await reportingFailures {
                let context = try await global.context(.existing)
                let lock = try await context.home.takeMediaLock(wait: runFlags.wait)
                defer { withExtendedLifetime(lock) {} }
                var options = media.options()
                options.retryFailed = retryFailed
                let store = try MediaStore(home: context.home, archive: context.store, logger: context.logger)
                let live = runFlags.live(global)
                let view = SyncProgressView()
                if live { ProgressBoard.shared.start() }
                defer { ProgressBoard.shared.stop() }
                let report = try await store.fetch(options) { tick in
                    if live {
                        view.show(
                            SyncProgress(
                                timeline: "media",
                                activity: .media(done: tick.done, total: tick.total, bytes: tick.bytes)))
                    }
                }
                ProgressBoard.shared.stop()
                failed = report.failed + report.deferred > 0
                if runFlags.format.json { return try Console.json(report) }
                if !runFlags.quiet || failed { (failed ? Console.err : Console.out)(MediaSummary.line(report)) }
            }
            if failed { throw ExitCode(ExitStatus.failure) }
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Re-hash every stored media file; report missing and corrupt ones.",
            discussion: "Exit status: 0 when every file is sound (or was repaired), 1 otherwise.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Download missing and corrupt files again from where they came from.")
        var repair = false

        @OptionGroup var format: ReportFormat

        func run() async throws {
            var unresolved = 0
            try await reportingFailures {
                let context = try await global.context(repair ? .existing : .reading)
                // Repairs write files: not while a sync does.
                let lock = repair ? try await context.home.takeMediaLock() : nil
                defer { withExtendedLifetime(lock) {} }
                let store = try MediaStore(home: context.home, archive: context.store, logger: context.logger)
                let report = try await store.verify(repair: repair)
                unresolved = report.unresolved
                if format.json { return try Console.json(report) }
                for problem in report.problems {
                    var line = "\(problem.kind.rawValue) \(problem.path)"
                    if problem.repaired { line += " (repaired)" }
                    if let why = problem.repairFailure { line += " (not repaired: \(why))" }
                    Console.out(line)
                }
                let size = ByteSize.text(report.bytes)
                Console.err(
                    "media: \(Plural.of(report.checked, "file")) checked (\(size)), \(report.ok) sound, "
                        + "\(report.problems.count) missing or corrupt, \(report.unresolved) unresolved")
            }
            if unresolved > 0 { throw ExitCode(ExitStatus.failure) }
        }
    }

    struct Collect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gc", abstract: "Remove media files no archived status refers to any more.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Only count what would be removed.")
        var dryRun = false

        @OptionGroup var format: ReportFormat

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(dryRun ? .reading : .existing)
                // Removes files and cleans downloads in progress: neither a sync nor a media download may run.
                let locks = try await WriterLocks(context.home)
                defer { withExtendedLifetime(locks) {} }
                let report = try await MediaStore(home: context.home, archive: context.store, logger: context.logger)
                    .collectGarbage(dryRun: dryRun)
                if format.json { return try Console.json(report) }
                let size = ByteSize.text(report.bytesFreed)
                Console.out(
                    """
                    \(dryRun ? "would remove" : "removed") \(Plural.of(report.filesRemoved, "unreferenced file")), \
                    \(Plural.of(report.strayFilesRemoved, "stray file")), \
                    \(Plural.of(report.temporaryRemoved, "leftover download")) (\(size)); \
                    \(Plural.of(report.downloadsForgotten, "URL record")) forgotten
                    """)
            }
        }
    }
}
