import Foundation
import IceboxTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An author's page names when their profile changed (issue 44), from the versions the archive keeps.
@Suite struct ServeProfileHistoryTests {
    @Test func anAuthorsPageSaysWhenTheirProfileChanged() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let carol = try #require(
            try await archive.query("SELECT handle FROM authors WHERE handle LIKE 'carol@%'").first)
        // A copy no other test sees, where carol had another name in 2020 (as a 2020 file's post would say).
        let copy = try TemporaryDirectory("icebox-serve-profile")
        let file = copy.url.appending(path: "archive.sqlite").path
        _ = try await archive.query("VACUUM INTO '\(file)'")
        let added = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "sqlite3", file,
                """
                INSERT INTO author_versions(handle, digest, display_name, raw_json, first_seen_at, last_seen_at,
                    authority, server)
                VALUES ('\(carol)', 'earlier', 'Carol <b>Before</b>', X'7B7D', '2020-05-06T07:00:00.000Z',
                    '2020-05-07T07:00:00.000Z', 0, 'file')
                """,
            ])
        #expect(added.status == 0, "\(added.stderr)")
        let process = try await ServeProcess.start(["serve", "--listen", "127.0.0.1:0", "--home", copy.path])
        defer { process.running.signal(SIGKILL) }
        let page = try await process.served.get("/accounts/\(carol)").body
        #expect(page.contains("Profile history: 2 versions"))
        #expect(page.contains("first seen 2020-05-06: Carol &lt;b&gt;Before&lt;/b&gt;"), "named, escaped")
        #expect(page.contains("profile changed on "))
        #expect(page.contains("(current)"))
        // Whose word each version is: the file's copy says so, and the server's copy names the server.
        #expect(page.contains("Carol &lt;b&gt;Before&lt;/b&gt; <span class=\"who\">(from an imported file)</span>"))
        #expect(page.contains("(current) <span class=\"who\">(as 127.0.0.1:") && page.contains(" showed it)"))
        // The page's JSON stays the listing's records.
        #expect(try await process.served.get("/accounts/\(carol)", json: true).body.hasPrefix("["))
    }
}
