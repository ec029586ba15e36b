import ArchiveCore
import ArgumentParser
import Foundation
import MastodonAPI
import Transport
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

                The reader is its owner's: it prints one address carrying a new random token \
                (http://127.0.0.1:8080/?token=…); opening it sets a cookie, and every request needs that \
                cookie, the token, or the --password-file password (HTTP basic auth). Other users of the \
                machine and other sites in the browser get nothing (cross-site requests are refused).

                Listens on 127.0.0.1 only, unless --listen names another address together with \
                --password-file (put a TLS proxy in front, and name what clients reach it by with \
                --public-host). Requests whose Host is not the listening address or a public host are \
                refused. Ctrl-C or SIGTERM stops it gracefully.

                A page's total is counted up to --count-limit: above it the page says "more than 1,000 \
                posts" and links to the exact count (&count=all), which on a large PostgreSQL store can take \
                seconds. A timeline's total, and a sole #tag's when consent hides none of its posts, are \
                always exact; `icebox search --count` is always exact.

                Mastodon apps sign in to the served API by OAuth, approved by the owner at /oauth/authorize; \
                scripts use a token from `icebox serve token add`.
                """,
            subcommands: [Token.self])

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

        @Option(
            help: ArgumentHelp(
                "A name clients reach the reader by (a TLS proxy's), accepted as Host; repeatable.",
                valueName: "name"))
        var publicHost: [String] = []

        @Option(
            help: ArgumentHelp(
                "Close a connection that sends no whole request for this many seconds.", valueName: "seconds"))
        var idleTimeout = 20

        @Option(
            help: ArgumentHelp(
                "Answer 503 when the store has not answered a page within this many seconds.", valueName: "seconds"))
        var storeDeadline = 10

        func validate() throws {
            guard countLimit >= 0 else { throw ValidationError("--count-limit must be 0 or more, not \(countLimit).") }
            guard idleTimeout > 0, storeDeadline > 0 else {
                throw ValidationError("--idle-timeout and --store-deadline take a number of seconds above 0.")
            }
            for name in publicHost where name.isEmpty || name.contains(where: { $0.isWhitespace || "/@".contains($0) })
            {
                throw ValidationError("--public-host \(name): give a host name as clients send it (reader.example.org)")
            }
            let address: ListenAddress
            do { address = try ListenAddress(parsing: listen) } catch { throw ValidationError(error.description) }
            if !address.isLoopback && passwordFile == nil {
                throw ValidationError(ReaderError.exposedWithoutPassword(address).description)
            }
        }

        func run() async throws {
            try await reportingFailures {
                let password = try passwordFile.map(Self.readPassword)
                var configuration = try ReaderConfiguration(
                    listen: try ListenAddress(parsing: listen), password: password, version: IceboxVersion.string,
                    countLimit: countLimit == 0 ? nil : countLimit)
                configuration.publicHosts = publicHost
                configuration.idleTimeout = .seconds(idleTimeout)
                configuration.storeDeadline = .seconds(storeDeadline)
                let context = try await global.context(.queryOnly)
                // The store served: the archive folder's SQLite file, or the PostgreSQL store `--store` names
                // (its URL as `stats` shows it, never a password).
                let served =
                    switch try global.storeChoice() {
                    case .sqlite: context.home.directory.path
                    case .postgres(let location): location.description
                    }
                let server = ReaderServer(
                    store: context.store, home: context.home, configuration: configuration, logger: context.logger)
                try await server.run { port in
                    // The one place the token is shown: the address its owner opens.
                    Console.out("Serving \(served) at \(server.address(port: port)) (Ctrl-C stops)")
                }
            }
        }

        /// The password: the file's first line (a trailing newline is not part of it). A file other users
        /// may read or change is refused, as ssh refuses such a key.
        private static func readPassword(_ path: String) throws -> String {
            if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int,
                mode & 0o077 != 0
            {
                throw ValidationError(ReaderError.exposedPasswordFile(path, mode: UInt16(mode & 0o777)).description)
            }
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
