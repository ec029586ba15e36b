import ArchiveCore
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
            try await ImportSession.run(global, file: file, input: file) {
                try await MastodonArchiveImport(file: URL(fileURLWithPath: file)).run(into: $0, progress: $1)
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

        @OptionGroup var origin: ImportServer

        func run() async throws {
            let source = file == "-" ? nil : URL(fileURLWithPath: file)
            try await ImportSession.run(global, file: file == "-" ? "standard input" : file, input: file) {
                try await JSONLinesImport(file: source, server: origin.host).run(into: $0, progress: $1)
            }
        }
    }
}

extension Icebox.Import {
    /// `icebox import mastodon-to-sqlite`.
    struct MastodonToSQLite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mastodon-to-sqlite",
            abstract: "Import the SQLite file of mastodon-to-sqlite (ids, dates, HTML and authors).",
            discussion: """
                The file holds no visibility: its statuses are archived as `unknown` (left out of \
                public-only exports) until a sync of the same statuses says.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The file, as mastodon-to-sqlite wrote it.")
        var file: String

        @OptionGroup var origin: ImportServer

        func run() async throws {
            try await ImportSession.run(global, file: file, input: file) {
                try await MastodonToSQLiteImport(file: URL(fileURLWithPath: file), server: origin.host)
                    .run(into: $0, progress: $1)
            }
        }
    }
}

/// `--server`: the server a file's statuses were read from, whose ids they carry.
struct ImportServer: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The server the statuses were read from (host[:port]): their ids are its.",
            valueName: "host"))
    var server: String

    func validate() throws {
        guard !server.isEmpty, !server.contains("/"), !server.contains("@") else {
            throw ValidationError("--server takes a host (and port), such as mastodon.social")
        }
    }

    var host: String { server.lowercased() }
}
