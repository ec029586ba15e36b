import Archive
import ArgumentParser
import Foundation
import HistoryImport

extension Icebox.Import {
    /// `icebox import mastodon-archive`.
    struct MastodonArchive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mastodon-archive",
            abstract: "Import the JSON file of mastodon-archive (<host>.user.<name>.json).",
            discussion: """
                Its statuses, favourites, bookmarks and mentions are archived as the account's server served \
                them (ids and dates put back as Mastodon writes them; the file's own objects kept beside).
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The file, as mastodon-archive wrote it.")
        var file: String

        func run() async throws {
            try await reportingFailures {
                let (_, archive, _, _) = try await global.openArchive()
                let line = ImportProgressLine()
                let report = try await MastodonArchiveImport(file: URL(fileURLWithPath: file)).run(into: archive) { line.show($0) }
                line.end()
                Console.err(report.sentence(file: file))
            }
        }
    }

    /// `icebox import jsonl`.
    struct JSONLines: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "jsonl",
            abstract: "Import Mastodon API statuses, one JSON object per line (- reads standard input).",
            discussion: """
                A line that is not a readable status is kept unreadable with its line number (see \
                `icebox unreadable`) and the other lines are imported.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The file, or - for standard input.")
        var file: String

        @Option(help: ArgumentHelp("The server the statuses were read from (host[:port]): their ids are its.",
                                   valueName: "host"))
        var server: String

        func validate() throws {
            guard !server.isEmpty, !server.contains("/"), !server.contains("@") else {
                throw ValidationError("--server takes a host (and port), such as mastodon.social")
            }
        }

        func run() async throws {
            try await reportingFailures {
                let (_, archive, _, _) = try await global.openArchive()
                let source = file == "-" ? nil : URL(fileURLWithPath: file)
                let line = ImportProgressLine()
                let report = try await JSONLinesImport(file: source, server: server.lowercased()).run(into: archive) {
                    line.show($0)
                }
                line.end()
                Console.err(report.sentence(file: file == "-" ? "standard input" : file))
            }
        }
    }
}
