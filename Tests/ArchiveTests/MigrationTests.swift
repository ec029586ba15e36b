import ArchiveCore
import Foundation
import GRDB
import Logging
import Models
import SearchQuery
import Testing

@testable import Archive

@Suite struct MigrationTests {
    @Test func freshArchiveGetsEveryMigrationRecordedInOrder() async throws {
        let archive = try TemporaryArchive()
        let pool = try DatabasePool(path: archive.database.path.path)
        let recorded = try await pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM icebox_schema ORDER BY name")
        }
        #expect(recorded == SchemaMigrations.all.map(\.name))
        #expect(recorded.first == "0001_archive")
        let journal = try await pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        #expect(try await archive.database.integrityCheck() == "ok")
    }

    /// `icebox migrate` copies the tables `archiveTables` names: every table of a fresh archive is among
    /// them, or is kept by the archive itself from the copied ones (the tag index by its triggers, the
    /// full-text indexes and their own tables, the account objects and cards cut out of raw JSON, which a copy
    /// puts back).
    @Test func everyTableIsCopiedByMigrateOrDerived() async throws {
        let archive = try TemporaryArchive()
        let pool = try DatabasePool(path: archive.database.path.path)
        let tables = try await pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        }
        let derived = Set(["icebox_schema", "grdb_migrations", "status_tags", "raw_accounts", "raw_cards"])
        let left = tables.filter {
            !archiveTables.contains($0) && !derived.contains($0) && !$0.hasPrefix("statuses_fts")
                && !$0.hasPrefix("statuses_cjk") && !$0.hasPrefix("authors_fts")
        }
        #expect(left.isEmpty, "tables migrate would not copy: \(left)")
    }

    @Test func embeddedMigrationsAreTheFilesInSchema() throws {
        let schema = Fixtures.directory.deletingLastPathComponent().appending(path: "schema")
        let files = try FileManager.default.contentsOfDirectory(atPath: schema.path).filter { $0.hasSuffix(".sql") }
            .sorted()
        #expect(files.map { String($0.dropLast(4)) } == SchemaMigrations.all.map(\.name))
        for (file, migration) in zip(files, SchemaMigrations.all) {
            #expect(
                try String(contentsOf: schema.appending(path: file), encoding: .utf8) + "\n" == migration.sql + "\n"
                    || String(contentsOf: schema.appending(path: file), encoding: .utf8) == migration.sql)
        }
    }

    @Test func reopeningAnExistingArchiveKeepsItsData() async throws {
        let archive = try TemporaryArchive()
        try await archive.database.addAccount(
            handle: "u@a.example", server: "https://a.example", remoteID: "1",
            username: "u", displayName: "U", url: nil)
        let reopened = try ArchiveDatabase(path: archive.database.path, logger: Logger(label: "test"))
        #expect(try await reopened.accounts().map(\.handle) == ["u@a.example"])
    }

    @Test func anArchiveFromANewerIceboxIsRefused() async throws {
        let archive = try TemporaryArchive()
        let pool = try DatabasePool(path: archive.database.path.path)
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES ('9999_future')")
        }
        #expect {
            _ = try ArchiveDatabase(path: archive.database.path, logger: Logger(label: "test"))
        } throws: { "\($0)".contains("newer Icebox") }
    }

    @Test func anEditedShippedMigrationIsNoticed() async throws {
        let archive = try TemporaryArchive()
        let pool = try DatabasePool(path: archive.database.path.path)
        try await pool.write { db in try db.execute(sql: "UPDATE icebox_schema SET checksum = 'different'") }
        #expect {
            _ = try ArchiveDatabase(path: archive.database.path, logger: Logger(label: "test"))
        } throws: { "\($0)".contains("0001_archive") && "\($0)".contains("never change") }
    }

    @Test func anUnreadableFileIsAClearError() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        try Data("this is not a database, it is a text file that is long enough".utf8).write(to: path)
        #expect {
            _ = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        } throws: { "\($0)".contains(path.path) }
    }

    @Test func anArchiveFromBeforeTheSpacelessIndexGetsItOnOpen() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        // An archive as the first release wrote it: migration 0001 only, with a Japanese status in it.
        let first = try #require(SchemaMigrations.all.first)
        let queue = try DatabaseQueue(path: path.path)
        try await queue.write { db in
            try db.execute(sql: first.sql)
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('0001_archive')")
            try db.execute(
                sql:
                    "CREATE TABLE icebox_schema (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            try db.execute(
                sql: "INSERT INTO icebox_schema VALUES ('0001_archive', ?, '2026-01-01T00:00:00.000Z')",
                arguments: [SchemaLedger.checksum(first.sql)])
            try db.execute(
                sql: """
                    INSERT INTO statuses(uri, created_at, author_handle, visibility, content, text, raw_json, raw_server,
                        first_seen_at, updated_at)
                    VALUES ('https://a.example/1', '2026-01-01T00:00:00.000Z', 'u@a.example', 'public',
                        '<p>東京タワーに行った</p>', '東京タワーに行った', X'7B7D', 'a.example', '', '')
                    """)
        }
        try queue.close()
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        let found = try await archive.search(try SearchQuery(parsing: "タワー"))
        #expect(found.map(\.uri) == ["https://a.example/1"])
        #expect(try await archive.integrityCheck() == "ok")
    }

    @Test func anArchiveFromBeforeTheDateOrderedIndexUpgradesWithASoundIndex() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        // An archive as 0004 left it, its indexes keyed by statuses.id; backfill stored older posts later.
        try OlderArchive.write(at: path, migrations: 4) { db in
            let rows: [(uri: String, createdAt: String, text: String, boosts: String?)] = [
                ("https://a.example/1", "2026-02-01T10:00:00.000Z", "a kite over the river", nil),
                ("https://a.example/2", "2026-02-01T10:00:00.000Z", "the kite again", nil),
                ("https://a.example/3", "2026-01-15T00:00:00.000Z", "東京タワーに行った", nil),
                ("https://a.example/4", "2026-01-20T00:00:00.000Z", "kite festival", nil),
                ("https://a.example/5/activity", "2026-02-02T00:00:00.000Z", "", "https://a.example/1"),
            ]
            for row in rows {
                try db.execute(
                    sql: """
                        INSERT INTO statuses(uri, created_at, author_handle, reblog_uri, visibility, content, text, search_cjk,
                            raw_json, raw_server, first_seen_at, updated_at)
                        VALUES (?, ?, 'u@a.example', ?, 'public', '', ?, ?, X'7B7D', 'a.example', '', '')
                        """,
                    arguments: [row.uri, row.createdAt, row.boosts, row.text, NoSpaceScript.indexText([row.text])])
            }
        }
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        #expect(try await archive.integrityCheck() == "ok", "each index agrees with the statuses it indexes")
        func uris(_ text: String, _ sort: SearchSort = .newest) async throws -> [String] {
            try await archive.search(try SearchQuery(parsing: text), sort: sort).map(\.uri)
        }
        // Same millisecond: archive order (2 after 1); then the backfilled 4, though archived last.
        #expect(try await uris("kite") == ["https://a.example/2", "https://a.example/1", "https://a.example/4"])
        #expect(
            try await uris("kite", .oldest) == ["https://a.example/4", "https://a.example/1", "https://a.example/2"])
        #expect(try await uris("タワー") == ["https://a.example/3"])
        #expect(try await archive.count(try SearchQuery(parsing: "kite")) == 3)
        // A status archived after the upgrade, in the same millisecond, comes after the earlier ones' tie.
        let timeline = try await archive.addTimeline(spec: "home", accountID: nil, server: "https://a.example")
        let late = Fixtures.status(id: "7", text: "kite late", createdAt: "2026-02-01T10:00:00.000Z")
        _ = try await archive.store([late], server: "a.example", timelineID: timeline.id, cursor: .init())
        #expect(try await uris("kite").prefix(2) == [late.status.archiveURI, "https://a.example/2"])
        // Changing a migrated row removes its old entry from the index: it was where the rebuild put it.
        let writer = try DatabaseQueue(path: path.path)
        try await writer.write { db in
            try db.execute(sql: "UPDATE statuses SET text = 'hawk festival' WHERE uri = 'https://a.example/4'")
            try db.execute(sql: "UPDATE statuses SET search_cjk = '' WHERE uri = 'https://a.example/3'")
        }
        #expect(try await uris("kite").contains("https://a.example/4") == false)
        #expect(try await uris("hawk") == ["https://a.example/4"])
        #expect(try await uris("タワー").isEmpty)
        #expect(try await archive.integrityCheck() == "ok")
    }
    @Test func anArchiveFromBeforeTheEmojiBoundariesIsReindexedOnceOnOpen() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        // An archive as 0005 left it: words glued to emoji indexed as one token with them.
        try OlderArchive.write(at: path, migrations: 5) { db in
            for (id, text) in [(1, "eingeschlafen🤔 gerade"), (2, "plain words only"), (3, "café🫠 au lait")] {
                let created = "2026-01-0\(id)T00:00:00.000Z"
                let key = SortKey.floor(try #require(MastodonDate.parse(created)))
                try db.execute(
                    sql: """
                        INSERT INTO statuses(uri, created_at, author_handle, visibility, content, text, raw_json, raw_server,
                            first_seen_at, updated_at, sort_key)
                        VALUES (?, ?, 'u@a.example', 'public', '', ?, X'7B7D', 'a.example', '', '', ?)
                        """, arguments: ["https://a.example/\(id)", created, text, key])
            }
        }
        let before = try await DatabaseQueue(path: path.path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM statuses_fts WHERE statuses_fts MATCH 'eingeschlafen'")
        }
        #expect(before == 0, "the old index does not find the word")
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        #expect(
            try await archive.search(try SearchQuery(parsing: "eingeschlafen")).map(\.uri) == ["https://a.example/1"])
        #expect(try await archive.search(try SearchQuery(parsing: "cafe")).map(\.uri) == ["https://a.example/3"])
        #expect(try await archive.search(try SearchQuery(parsing: "plain")).map(\.uri) == ["https://a.example/2"])
        #expect(try await archive.integrityCheck() == "ok")
    }

    @Test func anArchiveFromBeforeConsentFlagsItsOptedOutAuthorsAndNormalizesItsTags() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        // An archive as 0008 left it: tags only lower-cased, authors without a flag.
        try OlderArchive.write(at: path, migrations: 8) { db in
            let rows: [(Int, String, String)] = [
                (1, "u@a.example", "cafécrème swift"), (2, "shy@a.example", "ｃｏｆｆｅｅ"),
                (3, "bio@a.example", "straße"),
            ]
            for (id, author, tags) in rows {
                let created = "2026-01-0\(id)T00:00:00.000Z"
                let key = SortKey.floor(try #require(MastodonDate.parse(created)))
                try db.execute(
                    sql: """
                        INSERT INTO statuses(uri, created_at, author_handle, visibility, content, text, tag_names, raw_json,
                            raw_server, first_seen_at, updated_at, sort_key)
                        VALUES (?, ?, ?, 'public', '', 'words', ?, X'7B7D', 'a.example', '', '', ?)
                        """, arguments: ["https://a.example/\(id)", created, author, tags, key])
            }
            let authors = [
                ("u@a.example", #"{"indexable":true,"note":"<p>hi</p>"}"#),
                ("shy@a.example", #"{"indexable":false,"note":""}"#),
                (
                    "bio@a.example",
                    #"{"note":"<p>Photos <a href=\"x\" class=\"hashtag\">#<span>NoSearch</span></a></p>"}"#
                ),
            ]
            for (handle, json) in authors {
                try db.execute(
                    sql: "INSERT INTO authors(handle, raw_json, updated_at) VALUES (?, ?, '')",
                    arguments: [handle, Data(json.utf8)])
            }
        }
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        #expect(try await archive.optedOutAuthors() == ["bio@a.example", "shy@a.example"])
        func find(_ text: String) async throws -> [String] {
            try await archive.search(try SearchQuery(parsing: text), consent: .off).map(\.uri)
        }
        #expect(try await find("#CafeCreme") == ["https://a.example/1"])
        #expect(try await find("#coffee") == ["https://a.example/2"], "full-width folded")
        #expect(try await find("#strasse") == ["https://a.example/3"])
        #expect(try await find("#swift") == ["https://a.example/1"])
        #expect(
            try await archive.search(try SearchQuery(parsing: "words")).map(\.uri) == ["https://a.example/1"],
            "opted out by default")
        #expect(try await archive.integrityCheck() == "ok")
    }
}
