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
                var importer = MastodonToSQLiteImport(file: URL(fileURLWithPath: file), server: origin.host)
                importer.scheme = origin.scheme
                return try await importer.run(into: $0, progress: $1)
            }
        }
    }
}

/// `--server`: the server a file's statuses were read from, whose ids they carry: a host (and port), or
/// its URL as every other command takes a server (`https://mastodon.social/`).
struct ImportServer: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The server the statuses were read from (host[:port], or its URL): their ids are its.",
            valueName: "host"))
    var server: String

    func validate() throws {
        guard Self.parse(server) != nil else {
            throw ValidationError(
                "--server takes a host (and port) or its URL, such as mastodon.social or https://mastodon.social/")
        }
    }

    var host: String { Self.parse(server)?.host ?? server.lowercased() }
    /// `http` when the URL given says so, else `https`.
    var scheme: String { Self.parse(server)?.scheme ?? "https" }

    /// The host (with port, lowercased) and scheme `text` names: a host, or an http(s) URL of nothing
    /// but its origin; `nil` for anything else.
    static func parse(_ text: String) -> (host: String, scheme: String)? {
        guard text.contains("://") else {
            guard !text.isEmpty, !text.contains("/"), !text.contains("@") else { return nil }
            return (text.lowercased(), "https")
        }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty, url.user == nil,
            url.password == nil, url.query == nil, url.fragment == nil, url.path.isEmpty || url.path == "/"
        else { return nil }
        return ((url.port.map { "\(host):\($0)" } ?? host).lowercased(), scheme)
    }
}
