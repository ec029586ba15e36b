import ArgumentParser
import Foundation
import MastodonTestServer

/// Serves the Mastodon-shaped test API on 127.0.0.1 until killed. Line 1 of stdout is the base URL.
@main
struct IceboxTestServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icebox-testserver",
        abstract: "Serve a Mastodon-shaped API on 127.0.0.1 from a seeded synthetic corpus.",
        discussion: """
            Prints the base URL (http://127.0.0.1:PORT) on the first line of stdout, then serves until killed.
            Control it over HTTP under /__admin (POST /__admin/statuses?count=N, GET /__admin/requests, …).
            """)

    @Option(help: "Port on 127.0.0.1 (0 picks a free one).")
    var port: UInt16 = 0

    @Option(help: "Seed of the deterministic corpus.")
    var seed: UInt64 = 1

    @Option(help: "Number of synthetic statuses generated at start.")
    var statuses: Int = 200

    @Option(help: "Number of local accounts.")
    var localAccounts: Int = 6

    @Option(help: "Number of remote accounts.")
    var remoteAccounts: Int = 10

    @Option(help: "Server domain used in uri/url/acct.")
    var domain: String = "icebox.test"

    @Option(
        parsing: .singleValue,
        help: "An access token, as TOKEN (owned by the first local user) or TOKEN=USERNAME. Repeatable.")
    var token: [String] = []

    @Option(help: "Folder of real status JSON files, served on tag/fixtures.")
    var fixtures: String?

    @Option(help: "Requests allowed per window, per token or anonymous client.")
    var rateLimit: Int = 300

    @Option(help: "Rate-limit window in seconds.")
    var rateWindow: Double = 300

    @Option(help: "Accounts on fans.example that follow alice and post nothing (a big account's followers).")
    var fans: Int = 0

    @Option(help: "Share (0…1) of accounts each local user follows.")
    var homeShare: Double = 0.6

    @Option(help: "Anonymous access to public and hashtag feeds: public, authenticated or disabled.")
    var anonymousAccess: String = "public"

    func run() async throws {
        let server = try await TestServer.start(try makeConfig())
        FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
        while !Task.isCancelled {
            try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000)
        }
        await server.stop()
    }
}
