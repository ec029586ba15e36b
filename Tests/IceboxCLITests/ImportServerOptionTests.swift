import Foundation
import GRDB
import IceboxTestSupport
import Testing

/// `--server` of `import jsonl` and `import mastodon-to-sqlite` takes a host, or the server's URL as every
/// other command does (the new-user pass's m8), and nothing else.
@Suite struct ImportServerOptionTests {
    /// A mastodon-to-sqlite file of one post of alice's on social.example.
    private static func file(in folder: URL) throws -> URL {
        let file = folder.appending(path: "mastodon.db")
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE accounts (id INTEGER PRIMARY KEY, username TEXT, url TEXT, display_name TEXT, note TEXT);
                    CREATE TABLE statuses (id INTEGER PRIMARY KEY, account_id INTEGER, content TEXT, created_at TEXT);
                    INSERT INTO accounts VALUES (109000000000000001, 'alice', 'https://social.example/@alice', 'Alice', '');
                    INSERT INTO statuses VALUES (111000000000000001, 109000000000000001, '<p>Hi</p>', '2024-03-01T09:00:00.000Z');
                    """)
        }
        try queue.close()
        return file
    }

    @Test(arguments: [
        ("social.example", "https"), ("https://social.example/", "https"), ("HTTPS://Social.Example", "https"),
        ("http://social.example", "http"),
    ])
    func theServerIsAHostOrItsURL(_ server: String, scheme: String) async throws {
        let folder = try TemporaryDirectory("icebox-import-server")
        let cli = try CLI()
        let result = try await cli.run(
            "import", "mastodon-to-sqlite", try Self.file(in: folder.url).path, "--server", server)
        #expect(result.status == 0, "\(server): \(result.stderr)")
        let queue = try DatabaseQueue(path: cli.home.url.appending(path: "archive.sqlite").path)
        let (servers, uris) = try await queue.read { db in
            (
                try String.fetchAll(db, sql: "SELECT server || ' ' || local_id FROM status_ids"),
                try String.fetchAll(db, sql: "SELECT uri FROM statuses")
            )
        }
        #expect(servers == ["social.example 111000000000000001"], "\(server)")
        #expect(uris == ["\(scheme)://social.example/users/alice/statuses/111000000000000001"], "\(server)")
    }

    @Test(arguments: ["https://social.example/@alice", "ftp://social.example", "alice@social.example", ""])
    func anythingElseIsRefusedNamingTheOption(_ server: String) async throws {
        let folder = try TemporaryDirectory("icebox-import-server")
        let cli = try CLI()
        let result = try await cli.run(
            "import", "mastodon-to-sqlite", try Self.file(in: folder.url).path, "--server", server)
        #expect(result.status == 64, "\(server): \(result.stderr)")
        #expect(result.stderr.contains("--server takes a host"), "\(server): \(result.stderr)")
    }
}
