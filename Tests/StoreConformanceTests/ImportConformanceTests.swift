import ArchiveCore
import ArchivePostgres
import Export
import Foundation
import HistoryImport
import IceboxTestSupport
import Logging
import MediaArchive
import MediaFiles
import Models
import SearchQuery
import Testing

/// `icebox import` on each store: every format gives the same statuses, source objects, references,
/// marks and provenance in both, and an import that fails leaves either store as it was.
@Suite(.serialized) struct ImportConformanceTests {
    /// The tables an import writes, whose row counts a failed import must leave as they were.
    static let tables = [
        "statuses", "status_ids", "status_sources", "status_references", "authors", "media_attachments",
        "media_files", "media_downloads", "unreadable_statuses", "status_copies", "edit_history_wanted",
    ]

    @Test func everyFormatImportsTheSameIntoBothStores() async throws {
        try await TestStore.with(.sqlite, "import-sqlite") { sqlite in
            try await TestStore.with(.postgres, "import-postgres") { postgres in
                let files = try await ImportFiles(in: sqlite.folder.url.appending(path: "files"))
                let expected = try await files.importAll(into: sqlite)
                #expect(try await files.importAll(into: postgres) == expected)
                #expect(expected.first?.stored.new == 8 && expected.last?.stored.new == 0, "\(expected)")
                try await Self.compare(sqlite.store, postgres.store)
                for table in Self.tables {
                    #expect(try await postgres.store.rowCount(table) == sqlite.store.rowCount(table), "\(table)")
                }
                // Marks: a reference names a post archived before it (the export's own posts) or after it
                // (the JSON Lines), and the consent exceptions count them as the user's.
                let alice = ImportFiles.alice
                for (text, uris) in [
                    ("is:favourited", [alice + "111000000000000002", ImportFiles.bob, ImportFiles.carolLiked]),
                    ("is:bookmarked", [alice + "111000000000000003", ImportFiles.carol]),
                    ("is:boost", [alice + "111000000000000005", ImportFiles.bob]),
                ] {
                    for test in [sqlite, postgres] {
                        let found = try await test.store.search(
                            try SearchQuery(parsing: text), sort: .newest, limit: 100,
                            offset: 0
                        ).map(\.uri)
                        #expect(Set(found) == Set(uris), "\(text) on \(test.store.location)")
                    }
                }
                let bob = try #require(try await postgres.store.findStatus(ImportFiles.bob))
                #expect(
                    try await postgres.store.provenance(of: bob) == [
                        StatusProvenance(kind: .import, detail: "jsonl statuses.jsonl (line 1)")
                    ])
                // The account exported in Mastodon's format (its imported objects, likes, bookmarks and
                // boosts) is the same file from either store.
                var exports: [Data] = []
                for test in [sqlite, postgres] {
                    let file = test.folder.url.appending(path: "alice.zip")
                    let exporter = Exporter(
                        archive: test.store, home: IceboxHome(directory: test.folder.url), version: "test",
                        logger: Logger(label: "import-export"))
                    let summary = try await exporter.exportMastodonAccount(
                        handle: "alice@social.example", to: .file(file))
                    #expect(summary.statuses > 8 && summary.mediaFiles == 3, "\(summary)")
                    exports.append(try Data(contentsOf: file))
                }
                #expect(exports[0] == exports[1], "the account's export is the same bytes from both stores")
            }
        }
    }

    /// What one store holds of the imports is what the other holds.
    static func compare(_ sqlite: any ArchiveStore, _ postgres: any ArchiveStore) async throws {
        let uris = try await sqlite.allStatusURIs()
        #expect(uris.count > 10)
        #expect(try await postgres.allStatusURIs() == uris)
        var sources = 0
        for uri in uris {
            #expect(try await postgres.rawJSON(uri: uri) == sqlite.rawJSON(uri: uri), "raw JSON of \(uri)")
            let left = try #require(try await sqlite.findStatus(uri))
            let right = try #require(try await postgres.findStatus(uri))
            let provenance = try await sqlite.provenance(of: left)
            #expect(try await postgres.provenance(of: right) == provenance, "provenance of \(uri)")
            for format in ["mastodon-export", "jsonl", "mastodon-archive", "mastodon-to-sqlite"] {
                let source = try await sqlite.importedSource(of: left, format: format)
                #expect(
                    try await postgres.importedSource(of: right, format: format) == source, "\(format) source of \(uri)"
                )
                if source != nil { sources += 1 }
            }
            #expect(
                try await postgres.exportRecords([right]).map(\.sources) == sqlite.exportRecords([left]).map(\.sources))
        }
        #expect(sources >= uris.count - 2, "every status but the boosts made of references has its file's object")
        let references = try await sqlite.references(kind: nil)
        #expect(references.count == 8 && references.contains { $0.resolved })
        #expect(try await postgres.references(kind: nil) == references)
        #expect(try await postgres.references(kind: .boost) == sqlite.references(kind: .boost))
        #expect(try await postgres.unreadableStatuses().map(\.raw) == sqlite.unreadableStatuses().map(\.raw))
        for text in StoresAgreeTests.queries {
            let query = try SearchQuery(parsing: text)
            for consent in ConsentPolicy.allCases {
                let expected = try await sqlite.search(query, sort: .newest, limit: 1000, offset: 0, consent: consent)
                    .map(\.uri)
                let found = try await postgres.search(query, sort: .newest, limit: 1000, offset: 0, consent: consent)
                    .map(\.uri)
                #expect(found == expected, "\(text) (consent \(consent))")
            }
        }
        var stats = try await postgres.stats()
        let expected = try await sqlite.stats()
        stats.databaseBytes = expected.databaseBytes
        #expect(stats == expected)
        #expect(
            try await postgres.archivedBoosts(by: "alice@social.example")
                == sqlite.archivedBoosts(by: "alice@social.example"))
    }
}

/// An import that fails leaves the store as it was, on each store.
extension ImportConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func malformedJSONInTheMiddleOfTheOutboxKeepsNothing(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "import-bad") { test in
            let media = MediaLayout(root: test.folder.url.appending(path: "media"))
            _ = try await MastodonExportImport(file: ImportFiles.fixture, media: media).run(into: test.store)
            let before = try await Self.counts(test.store)
            #expect(before.contains { $0.hasPrefix("statuses ") && $0 != "statuses 0" })
            let broken = test.folder.url.appending(path: "broken")
            try FileManager.default.copyItem(at: ImportFiles.fixture, to: broken)
            let outbox = broken.appending(path: "outbox.json")
            let text = try String(contentsOf: outbox, encoding: .utf8)
            // Items 1 to 4 are new to the store (their ids changed), item 5 is not JSON: none may stay.
            let renumbered = text.replacingOccurrences(
                of: "statuses/11100000000000000", with: "statuses/22200000000000000"
            )
            .replacingOccurrences(
                of: #"222000000000000005/activity","type":"Create""#,
                with: #"222000000000000005/activity" "type":"Create""#)
            #expect(renumbered.contains(#"activity" "type""#))
            try Data(renumbered.utf8).write(to: outbox)
            do {
                _ = try await MastodonExportImport(file: broken, media: media).run(into: test.store)
                Issue.record("a malformed outbox was imported")
            } catch {
                #expect("\(error)".contains("outbox.json") && "\(error)".contains("item 5"), "\(error)")
            }
            #expect(try await Self.counts(test.store) == before)
        }
    }

    /// Every table an import writes, with its row count.
    static func counts(_ store: any ArchiveStore) async throws -> [String] {
        var counts: [String] = []
        for table in tables { counts.append("\(table) \(try await store.rowCount(table))") }
        return counts
    }
}

/// `icebox migrate` carries what imports recorded: the files statuses came from and the references.
extension ImportConformanceTests {
    @Test func migrateCopiesSourcesAndReferencesBothWays() async throws {
        try await TestStore.with(.sqlite, "import-migrate-from") { original in
            try await TestStore.with(.postgres, "import-migrate-pg") { postgres in
                try await TestStore.with(.sqlite, "import-migrate-back") { back in
                    let files = try await ImportFiles(in: original.folder.url.appending(path: "files"))
                    _ = try await files.importAll(into: original)
                    let logger = Logger(label: "import-migrate")
                    let forth = try await StoreCopy(from: original.store, to: postgres.store, batch: 3, logger: logger)
                        .run()
                    let again = try await StoreCopy(from: postgres.store, to: back.store, batch: 5, logger: logger)
                        .run()
                    for table in ["status_sources", "status_references"] {
                        let held = try await original.store.rowCount(table)
                        #expect(held > 0 && forth.tables.first { $0.name == table }?.rows == held, "\(table)")
                    }
                    #expect(again.tables == forth.tables)
                    try await Self.compare(original.store, postgres.store)
                    try await Self.compare(original.store, back.store)
                }
            }
        }
    }
}

/// A status the store refuses is kept unreadable with its entry, and the rest of its batch is stored;
/// an import whose task is cancelled keeps nothing and ends.
extension ImportConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func aStatusTheStoreRefusesIsKeptUnreadableAndTheOthersStored(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "import-refused") { test in
            try await Self.refuse(uriContaining: "refused", in: test)
            let file = test.folder.url.appending(path: "three.jsonl")
            try Data(
                [
                    ImportFiles.status(id: "1", uri: "https://social.example/s/1", acct: "ann", text: "first"),
                    ImportFiles.status(id: "2", uri: "https://social.example/s/refused", acct: "ann", text: "refused"),
                    ImportFiles.status(id: "3", uri: "https://social.example/s/3", acct: "ann", text: "third"),
                ]
                .joined(separator: "\n").utf8
            ).write(to: file)
            let report = try await JSONLinesImport(file: file, server: "social.example").run(into: test.store)
            #expect(report.read == 3 && report.stored.new == 2 && report.stored.unreadable == 1, "\(report)")
            #expect(
                try await test.store.allStatusURIs() == ["https://social.example/s/1", "https://social.example/s/3"])
            #expect(try await test.store.rowCount("status_sources") == 2)
            let kept = try await test.store.unreadableStatuses()
            #expect(kept.count == 1 && kept.first?.error.hasPrefix("line 2: could not be stored: ") == true, "\(kept)")
        }
    }

    /// Makes the store refuse to write a status whose uri contains `text`, as a broken rule would.
    static func refuse(uriContaining text: String, in test: TestStore) async throws {
        switch test.store {
        case let postgres as PostgresArchive:
            let cluster = try #require(try PostgresCluster.fromEnvironment())
            try await cluster.execute(
                [
                    """
                    CREATE FUNCTION refuse_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                        IF NEW.uri LIKE '%\(text)%' THEN RAISE EXCEPTION 'refused by the test' USING ERRCODE = 'check_violation'; END IF;
                        RETURN NEW; END $$
                    """,
                    "CREATE TRIGGER refuse_test BEFORE INSERT OR UPDATE ON statuses FOR EACH ROW EXECUTE FUNCTION refuse_test()",
                ],
                in: postgres.place.database)
        default:
            let made = try await CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/sqlite3"),
                [
                    test.folder.url.appending(path: "archive.sqlite").path,
                    """
                    CREATE TRIGGER refuse_test BEFORE INSERT ON statuses WHEN new.uri LIKE '%\(text)%'
                    BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;
                    """,
                ])
            #expect(made.status == 0, "\(made.stderr)")
        }
    }

    /// On PostgreSQL the import's transaction is the store's async side: cancelling the task that
    /// awaits it ends the body at its next call (SQLite's transaction runs the body to its end).
    @Test func aCancelledImportKeepsNothingAndEndsOnPostgreSQL() async throws {
        try await TestStore.with(.postgres, "import-cancelled") { test in
            let started = OneShot<Bool>()
            let store = test.store
            let running = Task {
                defer { started.fulfil(false) }
                try await Self.importSlowly(into: store, started: started)
            }
            #expect(await started.value(), "the import stored statuses before it was cancelled")
            running.cancel()
            let begun = ContinuousClock.now
            let outcome = await running.result
            #expect(ContinuousClock.now - begun < .seconds(10), "the import ended soon after it was cancelled")
            if case .success = outcome { Issue.record("a cancelled import was kept") }
            let kept = try await store.allStatusURIs()
            #expect(kept.isEmpty)
        }
    }

    @Test func aBodyThatGoesOnAfterAFailedCallIsNotKept() async throws {
        // A reference PostgreSQL refuses (a test trigger) aborts the transaction; a body that catches the
        // error and returns must not be reported kept (PostgreSQL's COMMIT would quietly roll back).
        try await TestStore.with(.postgres, "import-failed-call") { test in
            let postgres = try #require(test.store as? PostgresArchive)
            let cluster = try #require(try PostgresCluster.fromEnvironment())
            try await cluster.execute(
                [
                    "CREATE FUNCTION refuse_references() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$",
                    "CREATE TRIGGER refuse_references BEFORE INSERT ON status_references FOR EACH ROW EXECUTE FUNCTION refuse_references()",
                ],
                in: postgres.place.database)
            let source = ImportSource(format: "jsonl", file: "calls.jsonl", server: "social.example")
            let kept: Bool
            do {
                try await test.store.importAtomically(source) { sink in
                    let json = ImportFiles.status(
                        id: "1", uri: "https://social.example/s/1", acct: "ann", text: "kept?")
                    let status = try ArchivableStatus(decoding: Data(json.utf8), servedBy: "social.example")
                    _ = try sink.store(
                        [ImportedStatus(status: status, source: nil, entry: "line 1", hasServerID: true)],
                        unreadable: [])
                    _ = try? sink.recordReferences([
                        ImportedReference(
                            accountHandle: "ann@social.example", kind: .favourite,
                            uri: "https://social.example/s/2")
                    ])
                }
                kept = true
            } catch {
                kept = false
            }
            #expect(!kept, "an import whose call failed was reported kept")
            let uris = try await test.store.allStatusURIs()
            #expect(uris.isEmpty)
        }
    }

    /// An import of 1,000 statuses, one every 10 ms; `started` is told after the third.
    static func importSlowly(into store: any ArchiveStore, started: OneShot<Bool>) async throws {
        let source = ImportSource(format: "jsonl", file: "slow.jsonl", server: "social.example")
        try await store.importAtomically(source) { sink in
            for number in 1...1_000 {
                let json = ImportFiles.status(
                    id: "\(number)", uri: "https://social.example/s/\(number)", acct: "ann",
                    text: "status \(number)")
                let status = try ArchivableStatus(decoding: Data(json.utf8), servedBy: "social.example")
                _ = try sink.store(
                    [ImportedStatus(status: status, source: nil, entry: "line \(number)", hasServerID: true)],
                    unreadable: [])
                if number == 3 { started.fulfil(true) }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }
}
