import ArchiveCore
import ArgumentParser
import Foundation
import MastodonAPI
import WebReader

extension Icebox {
    /// `icebox serve`: the archive in a browser (issue 31), read-only.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Read the archive in a browser: timelines, threads, accounts, tags, search and stats.",
            discussion: """
                Opens the store read-only and serves pages at the paths `icebox repl` prints (/statuses/12, \
                /accounts/alice@example.social, /tags/swift, /timelines/home, /lists/42, /search?q=…), plus \
                / (the pinned timelines and their sync health), /stats (charts), /metrics (Prometheus text) \
                and /media/<sha256>. Accept: application/json on any page answers with the records \
                `icebox search --json`, `timeline list --json` and `stats --json` print. No page loads \
                anything from elsewhere or runs a script.

                Listens on 127.0.0.1 only, unless --listen names another address together with \
                --password-file (HTTP basic auth, any user name; put a TLS proxy in front). Requests whose \
                Host is not the listening address are refused. Ctrl-C or SIGTERM stops it gracefully.

                A page's total is counted up to --count-limit: above it the page says "more than 1,000 \
                posts" and links to the exact count (&count=all), which on a large PostgreSQL store can take \
                seconds. A timeline's total, and a sole #tag's when consent hides none of its posts, are \
                always exact; `icebox search --count` is always exact.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("Where to listen: host:port, [::1]:port or a port.", valueName: "address"))
        var listen = "127.0.0.1:8080"

        @Option(
            help: ArgumentHelp(
                "A file holding the password for HTTP basic auth; required off loopback.", valueName: "file"))
        var passwordFile: String?

        @Option(
            help: ArgumentHelp(
                "Count a page's total up to this many posts, then say \"more than\" (0: always exactly).",
                valueName: "n"))
        var countLimit = ReaderConfiguration.defaultCountLimit

        func validate() throws {
            guard countLimit >= 0 else { throw ValidationError("--count-limit must be 0 or more, not \(countLimit).") }
            let address: ListenAddress
            do { address = try ListenAddress(parsing: listen) } catch { throw ValidationError(error.description) }
            if !address.isLoopback && passwordFile == nil {
                throw ValidationError(ReaderError.exposedWithoutPassword(address).description)
            }
        }

        func run() async throws {
            try await reportingFailures {
                let password = try passwordFile.map(Self.readPassword)
                let configuration = try ReaderConfiguration(
                    listen: try ListenAddress(parsing: listen), password: password, version: IceboxVersion.string,
                    countLimit: countLimit == 0 ? nil : countLimit)
                let context = try await global.context(.queryOnly)
                let server = ReaderServer(
                    store: context.store, home: context.home, configuration: configuration, logger: context.logger)
                try await server.run { port in
                    var shown = configuration.listen
                    shown.port = port
                    Console.out("Serving \(context.home.directory.path) at http://\(shown)/ (Ctrl-C stops)")
                }
            }
        }

        /// The password: the file's first line (a trailing newline is not part of it).
        private static func readPassword(_ path: String) throws -> String {
            let text: String
            do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ValidationError("--password-file \(path): \(error.localizedDescription)")
            }
            let password = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
            guard !password.isEmpty else { throw ValidationError(ReaderError.emptyPassword(path).description) }
            return password
        }
    }
}
