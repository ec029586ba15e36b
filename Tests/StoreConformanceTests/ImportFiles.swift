import ArchiveCore
import Foundation
import HistoryImport
import IceboxTestSupport
import MediaArchive
import MediaFiles
import Testing

/// One file of each format `icebox import` reads, made in a folder, and imported into a store in one
/// order: the fixture export (its likes and bookmarks naming two of its own posts too), JSON Lines
/// holding two posts the export named only by uri (one liked and boosted, one bookmarked), a
/// mastodon-archive file, a mastodon-to-sqlite file, then the export again.
struct ImportFiles {
    static let fixture = Repository.fixtures.appending(path: "import/mastodon-export")
    static let alice = "https://social.example/users/alice/statuses/"
    static let bob = "https://other.example/users/bob/statuses/999"
    static let carol = "https://third.example/users/carol/statuses/43"
    static let carolLiked = "https://third.example/users/carol/statuses/42"

    let export: URL
    let jsonl: URL
    let mastodonArchive: URL
    let mastodonToSQLite: URL

    init(in folder: URL) async throws {
        export = folder.appending(path: "export")
        try FileManager.default.copyItem(at: Self.fixture, to: export)
        for (name, added) in [
            ("likes.json", Self.alice + "111000000000000002"), ("bookmarks.json", Self.alice + "111000000000000003"),
        ] {
            let file = export.appending(path: name)
            var collection = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            collection["orderedItems"] = (collection["orderedItems"] as? [Any] ?? []) + [added]
            try JSONSerialization.data(withJSONObject: collection).write(to: file)
        }
        jsonl = folder.appending(path: "statuses.jsonl")
        try Data(
            [
                Self.status(
                    id: "999", uri: Self.bob, acct: "bob@other.example", text: "a post alice liked and boosted"),
                #"{"id":"1","uri":"https://#{"#,
                Self.status(id: "43", uri: Self.carol, acct: "carol@third.example", text: "a post alice bookmarked"),
            ]
            .joined(separator: "\n").utf8
        ).write(to: jsonl)
        mastodonArchive = folder.appending(path: "social.example.user.alice.json")
        let archive = """
            {"account": {"id": 109000000000000001, "username": "alice", "acct": "alice", "url": "https://social.example/@alice"},
             "statuses": [\(Self.status(id: "111000000000000020", uri: Self.alice + "111000000000000020", acct: "alice",
                                       text: "kept by mastodon-archive"))],
             "favourites": [\(Self.status(id: "42", uri: Self.carolLiked, acct: "carol@third.example", text: "a post alice liked"))],
             "bookmarks": [], "mentions": []}
            """
        try Data(archive.utf8).write(to: mastodonArchive)
        mastodonToSQLite = folder.appending(path: "mastodon.db")
        let made = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"),
            [
                mastodonToSQLite.path,
                """
                CREATE TABLE accounts (id INTEGER PRIMARY KEY, username TEXT, url TEXT, display_name TEXT, note TEXT);
                CREATE TABLE statuses (id INTEGER PRIMARY KEY, account_id INTEGER REFERENCES accounts(id), content TEXT, created_at TEXT);
                INSERT INTO accounts VALUES (109000000000000001, 'alice', 'https://social.example/@alice', 'Alice', '<p>hi</p>');
                INSERT INTO statuses VALUES (111000000000000030, 109000000000000001, '<p>kept by mastodon-to-sqlite</p>', '2024-03-11T09:00:00.000Z');
                INSERT INTO statuses VALUES (111000000000000031, 109000000000000001, '<p>no date</p>', NULL);
                """,
            ])
        #expect(made.status == 0, "\(made.stderr)")
    }

    /// A Mastodon API status of social.example's.
    static func status(id: String, uri: String, acct: String, text: String) -> String {
        let user = acct.split(separator: "@").first.map(String.init) ?? acct
        return
            #"{"id":"\#(id)","uri":"\#(uri)","url":"\#(uri)","created_at":"2024-02-2\#(id.suffix(1))T10:00:00.000Z","#
            + #""account":{"id":"\#(id)0","username":"\#(user)","acct":"\#(acct)","display_name":"","#
            + #""url":"https://\#(acct.split(separator: "@").last ?? "social.example")/@\#(user)"},"#
            + #""content":"<p>\#(text)</p>","visibility":"public","sensitive":false,"spoiler_text":"","#
            + #""media_attachments":[],"mentions":[],"tags":[],"emojis":[]}"#
    }

    /// Imports every file into `test`'s store, in order; the reports.
    func importAll(into test: TestStore) async throws -> [ImportReport] {
        let media = MediaLayout(root: test.folder.url.appending(path: "media"))
        let store = test.store
        return [
            try await MastodonExportImport(file: export, media: media).run(into: store),
            try await JSONLinesImport(file: jsonl, server: "social.example").run(into: store),
            try await MastodonArchiveImport(file: mastodonArchive).run(into: store),
            try await MastodonToSQLiteImport(file: mastodonToSQLite, server: "social.example").run(into: store),
            try await MastodonExportImport(file: export, media: media).run(into: store),
        ]
    }
}
