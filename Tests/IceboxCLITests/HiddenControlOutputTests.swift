import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// C1 controls and bidirectional controls in a post never reach any output raw: JSON escapes them,
/// CSV, Markdown and the terminal drop them.
@Suite(.serialized) struct HiddenControlOutputTests {
    /// An override that makes `exe.png` read as `gnp.exe`, a C1 CSI that a terminal may obey, an isolate
    /// and the marks.
    static let hostileText =
        "invoice \u{202E}gnp.exe\u{202C} \u{9B}31mred \u{2067}isolated\u{2069} \u{200F}\u{061C}\u{200E}kite"
    static let hidden: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{9B}", "\u{2066}",
        "\u{2067}", "\u{2068}", "\u{2069}", "\u{200F}", "\u{061C}", "\u{200E}",
    ]

    static func raw(_ text: String) -> [Unicode.Scalar] { text.unicodeScalars.filter { hidden.contains($0) } }

    @Test func everyOutputEscapesOrDropsThem() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        let id = try #require(await server.addStatus(username: "alice", text: Self.hostileText))
        let cli = try await CLI.syncingHome(of: server, "--no-media")

        let json = try await cli.run("search", "--json", "kite")
        #expect(json.status == 0 && json.stdout.contains("invoice"))
        #expect(Self.raw(json.stdout).isEmpty)
        #expect(json.stdout.contains("\\u202e") && json.stdout.contains("\\u2067"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect((decoded.first?["text"] as? String)?.contains("\u{202E}gnp.exe") == true, "escaped, not lost")
        let jsonl = try await cli.run("search", "--jsonl", "kite")
        #expect(jsonl.stdout.contains("invoice") && Self.raw(jsonl.stdout).isEmpty)
        let csv = try await cli.run("search", "--csv", "kite")
        #expect(csv.stdout.contains("invoice") && Self.raw(csv.stdout).isEmpty)
        let listing = try await cli.run("search", "kite")
        #expect(listing.stdout.contains("invoice") && Self.raw(listing.stdout).isEmpty)

        let text = try await Self.exported(id, by: cli, file: "thread.md")
        #expect(text.contains("invoice") && Self.raw(text).isEmpty)
    }

    /// The text of `file` in the tarball `export thread` writes for status `id`.
    static func exported(_ id: String, by cli: CLI, file name: String) async throws -> String {
        let out = try TemporaryDirectory("icebox-hidden")
        let file = out.url.appending(path: "thread.tar")
        let exported = try await cli.run("export", "thread", "https://icebox.test/@alice/\(id)", "-o", file.path)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(
            try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/tar"), ["-xf", file.path, "-C", out.path]).status
                == 0)
        let path = try #require(
            FileManager.default.enumerator(atPath: out.path)?.compactMap { $0 as? String }
                .first { $0.hasSuffix(name) })
        return try String(contentsOf: out.url.appending(path: path), encoding: .utf8)
    }

    /// The exported page (`index.html`) drops them from the text, the content warning, the author's name
    /// and poll options, as the other outputs do.
    @Test func theExportedPageDropsThem() async throws {
        let server = try await TestServer.startHome(statuses: 3)
        defer { Task { await server.stop() } }
        #expect(await server.setDisplayName("alice \u{202E}gnp.exe\u{202C}", username: "alice"))
        let id = try #require(
            await server.addStatus(
                username: "alice", text: Self.hostileText, spoilerText: "cw \u{2066}isolated\u{2069} \u{202D}forced",
                pollOptions: ["yes \u{202E}on\u{202C}", "\u{200F}no\u{061C}"]))
        let cli = try await CLI.syncingHome(of: server, "--no-media")

        let page = try await Self.exported(id, by: cli, file: "index.html")
        #expect(page.contains("invoice") && page.contains("isolated") && page.contains("gnp.exe"))
        #expect(page.contains("forced") && page.contains("yes on"))
        #expect(Self.raw(page).isEmpty, "\(Self.raw(page).map { String($0.value, radix: 16) })")
    }
}
