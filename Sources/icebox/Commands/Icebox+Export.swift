import ArchiveCore
import ArgumentParser
import Display
import Export
import Foundation
import Importer
import MastodonAPI
import Models
import SearchQuery
import Transport

extension Icebox {
    /// `icebox export`: threads and sets of statuses as tarballs readable without any server.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export a thread, search results or a timeline as a tarball.",
            discussion: """
                The tarball holds one folder: thread.json (the statuses' JSON as archived, with the tree), \
                thread.md, index.html (open it in a browser: no network needed), media/ and manifest.json \
                (every file's size and SHA-256). The same statuses always give the same bytes.
                """,
            subcommands: [ThreadExport.self, SearchExport.self, TimelineExport.self, AccountExport.self])
    }
}

/// Where an export goes, and in which format.
struct ExportOutput: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The tarball to write (- for standard output). Its name picks the format: .tar.gz, .tar.zst, .tar or .zip; "
                + ".warc.gz writes a WARC file (docs/warc.md).",
            valueName: "file"))
    var output: String

    @Option(
        help: ArgumentHelp(
            "tar.gz, tar.zst, tar or zip (default: from the file name, else tar.gz).", valueName: "format"))
    var format: TarballFormat?

    @Flag(help: "Leave out direct messages and followers-only posts (the page says some posts were left out).")
    var publicOnly = false

    func validate() throws {
        if output == "-" {
            if Console.stdoutIsTerminal {
                throw ValidationError("standard output is a terminal: redirect it, or give a file with -o")
            }
        } else if output.isEmpty || output.hasSuffix("/") {
            throw ValidationError("-o needs a file name")
        } else if container != .warc {
            try ExportFileName.check(output, writing: format)
        }
        if container == .warc, format != nil {
            throw ValidationError("--format names a tarball; a .warc.gz is a WARC file")
        }
    }

    /// A WARC file for `-o NAME.warc.gz` (or `.warc`), else a tarball.
    var container: ExportContainer { output == "-" ? .tarball : ExportContainer(fileName: output) }

    var destination: ExportDestination {
        output == "-" ? .standardOutput : .file(URL(fileURLWithPath: output).standardizedFileURL)
    }

    /// Exports with `body`, then says on stderr what was written (stdout may be the tarball), warning
    /// when it holds direct messages or followers-only posts.
    func run(
        _ global: GlobalOptions,
        _ body: (Exporter, CommandContext) async throws -> ExportSummary
    ) async throws {
        let context = try await global.context(.reading)
        var exporter = Exporter(
            archive: context.store, home: context.home, version: IceboxVersion.string, logger: context.logger)
        exporter.container = container
        let summary = try await body(exporter, context)
        Console.err(container == .warc ? summary.warcSentence : summary.sentence)
        if let warning = summary.privacyWarning { Console.err("icebox: " + warning) }
    }
}

extension TarballFormat: ExpressibleByArgument {}

extension Icebox.Export {
    struct ThreadExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "thread",
            abstract: "Export the whole thread around a status: its root and every archived reply, as a tree.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: ExportOutput

        @OptionGroup var status: StatusArgument

        @Flag(help: "First complete the thread from the status's server (and mark deleted statuses as gone).")
        var fetch = false

        func run() async throws {
            try await reportingFailures {
                // A thread that cannot be completed is still exported as archived; the exit status then
                // says why it is incomplete.
                var incomplete: ThreadFetchError?
                try await output.run(global) { exporter, context in
                    let number = try await status.number(in: context.store)
                    if fetch {
                        let credentials = try context.credentials.load()
                        do throws(ThreadFetchError) {
                            let report = try await ThreadFetcher(
                                archive: context.store, credentials: credentials,
                                logger: context.logger
                            ).complete(around: number)
                            var line =
                                "Fetched \(report.fetched) statuses of the thread from \(report.server): "
                                + "\(report.new) new, \(report.updated) updated, \(report.gone) gone"
                            if report.unreadable > 0 { line += ", \(report.unreadable) kept unreadable" }
                            Console.err(line)
                        } catch {
                            Console.err("icebox: the thread could not be completed; exporting what is archived")
                            incomplete = error
                        }
                    }
                    return try await exporter.exportThread(
                        around: number, to: output.destination, format: output.format,
                        publicOnly: output.publicOnly, options: ["fetch": String(fetch)])
                }
                if let incomplete { throw incomplete }
            }
        }
    }

    struct SearchExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search", abstract: "Export the statuses a search finds, newest first.",
            discussion: """
                Quote a query that has exclusions, so they are not read as options: \
                icebox export search -o cats.tar.gz 'cats -dogs' (or: icebox export search -o cats.tar.gz -- -dogs cats).
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: ExportOutput

        @Option(help: "At most this many statuses (newest first).") var limit = 10_000
        @OptionGroup var consent: ConsentOption

        @Argument(parsing: .allUnrecognized, help: "The query, as for icebox search.")
        var words: [String] = []

        /// The query the words make, read once by `validate()`; `run()` exports what it finds.
        private(set) var query = SearchQuery()

        /// What ArgumentParser reads: every property but `query`.
        enum CodingKeys: CodingKey { case global, output, limit, consent, words }

        mutating func validate() throws {
            try OptionRange.check("--limit", limit, in: 1...1_000_000)
            query = try SearchQuery(words: words)
        }

        func run() async throws {
            try await reportingFailures {
                let text = words.joined(separator: " ")
                var leftOut = 0
                try await output.run(global) { exporter, context in
                    for warning in query.warnings { Console.err("icebox: warning: \(warning)") }
                    let policy = try await consent.policy(context.store)
                    let hits = try await context.store.search(query, sort: .newest, limit: limit, consent: policy)
                    leftOut = try await context.store.hiddenByConsent(query, policy: policy)
                    return try await exporter.exportStatuses(
                        hits.map(\.number), name: "Search: \(text)", kind: "search",
                        to: output.destination, format: output.format,
                        publicOnly: output.publicOnly,
                        options: ["query": text, "limit": String(limit)])
                }
                ConsentOption.noteLeftOut(leftOut)
            }
        }
    }

    struct TimelineExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timeline", abstract: "Export a pinned timeline's archived statuses, newest first.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: ExportOutput
        @OptionGroup var accountOption: AccountOption
        @OptionGroup var consent: ConsentOption

        @Argument(help: "The timeline, as pinned (see icebox timeline list).")
        var spec: String

        @Option(help: ArgumentHelp("Only statuses from this day on (UTC).", valueName: Day.format))
        var since: Day?

        @Option(help: ArgumentHelp("Only statuses before this day (UTC).", valueName: Day.format))
        var until: Day?

        func run() async throws {
            try await reportingFailures {
                var leftOut = 0
                try await output.run(global) { exporter, context in
                    let timeline = try await accountOption.pinnedTimeline(spec, archive: context.store)
                    let policy = try await consent.policy(context.store)
                    let numbers = try await context.store.timelineNumbers(
                        timelineID: timeline.id, since: since?.text, until: until?.text, consent: policy)
                    if policy == .honoured, try await !context.store.optedOutAuthors().isEmpty {
                        leftOut =
                            try await context.store.timelineNumbers(
                                timelineID: timeline.id, since: since?.text, until: until?.text, consent: .off
                            ).count - numbers.count
                    }
                    var options = ["timeline": timeline.displayName]
                    options["since"] = since?.text
                    options["until"] = until?.text
                    return try await exporter.exportStatuses(
                        numbers, name: "Timeline: \(timeline.displayName)", kind: "timeline",
                        to: output.destination, format: output.format,
                        publicOnly: output.publicOnly, options: options)
                }
                ConsentOption.noteLeftOut(leftOut)
            }
        }
    }
}
