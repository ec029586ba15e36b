import ArchiveCore
import Foundation
import GRDB
import Models
import Testing

@testable import Archive

/// Each account object stored once (schema/0019_accounts_once.sql): a status's row keeps its JSON without
/// the author's account object, and every read, the views included, gets the bytes the server sent.
@Suite struct AccountsOnceTests {
    /// The fixtures' statuses (many servers, boosts, odd accounts) and hand-made ones, once per uri.
    static func statuses() throws -> [ArchivableStatus] {
        var seen = Set<String>()
        return try (Fixtures.allStatuses() + SplitPayloads.all()).filter { seen.insert($0.status.archiveURI).inserted }
    }

    @Test func everyReadGetsTheBytesTheServerSentAndTheAccountObjectIsStoredOnce() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let statuses = try Self.statuses()
        for status in statuses { _ = try await db.store([status], server: "fixtures.example") }
        // What a uri may hold: a status's bytes, or those of the post a boost carried (stored as a row too).
        var sent: [String: Set<Data>] = [:]
        for status in statuses {
            sent[status.status.archiveURI, default: []].insert(status.raw)
            if let reblog = status.status.reblog,
                let inner = try RawJSON.value(forKey: "reblog", inObject: status.raw)
            {
                sent[reblog.archiveURI, default: []].insert(inner)
            }
        }
        for (uri, candidates) in sent {
            let raw = try #require(try await db.rawJSON(uri: uri), "\(uri)")
            #expect(candidates.contains(raw), "rawJSON(uri:) \(uri) is bytes a server sent")
            // By its own row's number: findStatus takes a boost's uri to the post it boosts.
            let number = try #require(
                try await db.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM statuses WHERE uri = ?", arguments: [uri])
                })
            #expect(try await db.status(number: number).raw == raw, "status(number:) \(uri)")
            #expect(try await db.exportRecords([number]).first?.raw == raw, "export \(uri)")
            let (viewed, posted, isBoost) = try await db.read { db in
                (
                    try String.fetchOne(db, sql: "SELECT raw_json FROM status_json WHERE uri = ?", arguments: [uri]),
                    try String.fetchOne(db, sql: "SELECT raw_json FROM posts WHERE uri = ?", arguments: [uri]),
                    try Bool.fetchOne(
                        db, sql: "SELECT reblog_uri IS NOT NULL FROM statuses WHERE uri = ?", arguments: [uri]) ?? false
                )
            }
            #expect(viewed.map { Data($0.utf8) } == raw, "the status_json view \(uri)")
            if !isBoost { #expect(posted.map { Data($0.utf8) } == raw, "the posts view \(uri)") }
        }
        let (whole, split, accounts, invalid) = try await db.read { db in
            (
                try String.fetchAll(db, sql: "SELECT uri FROM statuses WHERE raw_account IS NULL"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM statuses WHERE raw_account IS NOT NULL") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM raw_accounts") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM statuses WHERE NOT json_valid(CAST(raw_json AS TEXT))")
                    ?? 0
            )
        }
        #expect(invalid == 0, "the column stays JSON, {} standing for the account object")
        #expect(whole == ["https://b.example/s/6"], "only the status whose account key has an escape is whole")
        #expect(accounts < split, "the same account object twice is stored once (\(accounts) for \(split))")
    }

    @Test func anEditAndARedactionKeepTheBytesAndTheRedactedRowIsWhole() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let first = SplitPayloads.edited(nil)
        _ = try await db.store([first], server: "a.example")
        let edit = SplitPayloads.edited("2026-01-02T00:00:00.000Z")
        _ = try await db.store([edit], server: "a.example")
        let number = try #require(try await db.findStatus(first.status.archiveURI))
        let status = try await db.status(number: number)
        #expect(status.raw == edit.raw)
        #expect(status.versions.map(\.raw) == [first.raw], "the earlier version whole, byte for byte")
        #expect(try await db.versions(uri: first.status.archiveURI) == [first.raw])
        try await db.setDeletionPolicy(.redact)
        try await db.markGone([number], reportedBy: "a.example", at: Date(), via: .recheck)
        let redacted = try await db.status(number: number).raw
        #expect(redacted == Redaction.redacted(edit.raw, uri: first.status.archiveURI))
        let references = try await db.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(raw_account) + COUNT(raw_account_at) FROM statuses WHERE id = ?",
                arguments: [number])
        }
        #expect(references == 0, "the redacted row names no account object")
    }

    @Test func theStatusesTableTakesFewerPagesThanWithEveryJSONWhole() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let statuses = (1...600).map { n in
            Fixtures.status(
                id: "\(n)", text: "status number \(n)",
                createdAt: "2026-01-01T00:\(String(format: "%02d", n / 60)):00.000Z")
        }
        .map(SplitPayloads.withBigAccount)
        _ = try await db.store(statuses, server: "a.example")
        // The pages of the tables the split is about (the statuses and the account objects cut out of
        // them), not of the whole file: other tables (the profiles' versions) are the same either way.
        let pages: @Sendable (Database) throws -> Int = { db in
            try db.execute(sql: "VACUUM")
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM dbstat WHERE name IN ('statuses', 'raw_accounts')")
                ?? 0
        }
        let splitPages = try await db.pool.writeWithoutTransaction(pages)
        // The same rows with every JSON whole, as before schema 0019.
        try await db.write { db in
            try db.execute(
                sql: """
                    UPDATE statuses SET raw_json = \(SQLiteDialect().rawJSON(of: "statuses")), raw_account = NULL,
                        raw_account_at = NULL, raw_card = NULL, raw_card_at = NULL WHERE raw_account IS NOT NULL
                    """)
            try db.execute(sql: "DELETE FROM raw_accounts")
        }
        let wholePages = try await db.pool.writeWithoutTransaction(pages)
        #expect(try await db.rawJSON(uri: statuses[0].status.archiveURI) == statuses[0].raw)
        #expect(splitPages * 10 < wholePages * 8, "\(splitPages) pages split, \(wholePages) whole")
    }
}
