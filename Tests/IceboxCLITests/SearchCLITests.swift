import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox search` and `icebox show` as a person or a script uses them, on an archive built by sync.
@Suite(.serialized) struct SearchCLITests {
    @Test func searchFormatsShowAndBadQueries() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 60)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        let base = server.baseURL.absoluteString
        #expect(try await cli.run("timeline", "add", "tag:fixtures@\(base)").status == 0)
        // The real fixtures reference media on real servers: never fetched from a test.
        #expect(try await cli.run("sync", "--quiet", "--no-media").status == 0)

        let listing = try await cli.run("search", "breakdancing")
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("@halcy@icosahedron.website") && listing.stdout.contains("breakdancing"))
        #expect(!listing.stdout.contains("\u{1B}"), "no colour when piped")
        let number = try #require(listing.stdout.firstMatch(of: #/\[(\d+)\]/#).map { String($0.1) })

        let json = try await cli.run("search", "--json", "has:poll")
        let objects = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(objects.count == 1)
        for field in ["uri", "url", "id", "acct", "created_at", "text", "snippet", "rank", "timelines"] {
            #expect(objects.first?.keys.contains(field) == true, "stable field \(field)")
        }
        let lines = try await cli.run("search", "--jsonl", "has:media")
        #expect(
            lines.stdout.split(separator: "\n").allSatisfy {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil
            })
        let csv = try await cli.run("search", "--csv", "has:media")
        #expect(
            csv.stdout.hasPrefix(
                "acct,author_name,created_at,from_file,gone_at,id,language,number,rank,redacted_at,snippet,spoiler_text,text,timelines,uri,url\n"
            ))
        let count = try await cli.run("search", "--count", "has:media")
        #expect(
            Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                == lines.stdout.split(separator: "\n").count)

        let shown = try await cli.run("show", number)
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("alt: a furry cube breakdancing") && shown.stdout.contains("CW: "))
        let byURL = try await cli.run("show", "https://icosahedron.website/@halcy/110446222386355655")
        #expect(byURL.stdout == shown.stdout, "a URL finds the same status")
        let raw = try await cli.run("show", "--raw", number)
        #expect(try JSONSerialization.jsonObject(with: Data(raw.stdout.utf8)) is [String: Any])
        let missing = try await cli.run("show", "https://example.invalid/@nobody/1")
        #expect(missing.status != 0 && missing.stderr.contains("not in the archive"))

        for bad in [#""unbalanced"#, "has:banana", "before:someday", "from:"] {
            let result = try await cli.run("search", bad)
            #expect(result.status == 64, "\(bad)")
            #expect(
                !result.stderr.isEmpty && !result.stderr.lowercased().contains("sqlite"), "\(bad): \(result.stderr)")
        }
    }

    @Test func exitStatusWarningsExclusionsAndTheClosingLine() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 80, homeShare: 1)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let none = try await cli.run("search", "zzzqqqxxx")
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.contains("No matches"), "grep's exit 1")
        #expect(try await cli.run("search", "--json", "zzzqqqxxx").status == 1)
        #expect(try await cli.run("search", "--count", "zzzqqqxxx").status == 1)
        let unknown = try await cli.run("search", "lang:ja", "coffee")
        #expect(unknown.stderr.contains("warning: lang: is not an operator"), "\(unknown.stderr)")
        let excluded = try await cli.run("search", "--count", "-is:reply")
        #expect(
            excluded.status == 0 && (Int(excluded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0,
            "exclusions alone, unquoted: \(excluded.stderr)")
        let bad = try await cli.run("search", "cats", "AND")
        #expect(bad.status == 64 && bad.stderr.contains("AND"))

        // On a terminal, the page says how much there is; through a pipe it does not.
        let total = try await cli.run("search", "--count", "coffee").stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect((Int(total) ?? 0) > 2)
        let user = try TemporaryDirectory("icebox-user")
        let terminal = try PseudoTerminal(
            CLI.binary, ["search", "coffee", "--limit", "2", "--home", cli.home.path],
            environment: ["HOME": user.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "TERM": "dumb"])
        defer { terminal.stop() }
        #expect(await terminal.wait() == 0)
        #expect(
            terminal.screen.contains("2 of \(total) (newest first; --limit/--offset for more)"), "\(terminal.screen)")
        #expect(!(try await cli.run("search", "coffee").stdout.contains(" of \(total)")))
    }
}
