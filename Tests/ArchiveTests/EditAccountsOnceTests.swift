import ArchiveCore
import Foundation
import GRDB
import Models
import Testing

@testable import Archive

/// Each version of an edit history keeps its account object once (schema/0038_edit_accounts_once.sql):
/// Mastodon serves every version with the author's account object in it, which the archive already holds.
@Suite struct EditAccountsOnceTests {
    /// A version as `GET /api/v1/statuses/:id/history` serves it, with `account` for its account object.
    static func version(_ n: Int, account: String, key: String = "account") -> Data {
        Data(
            (#"{"content":"<p>version \#(n)</p>","spoiler_text":"","sensitive":false,"#
                + #""created_at":"2026-01-0\#(n)T00:00:00.000Z","\#(key)":\#(account),"poll":null,"#
                + #""media_attachments":[],"emojis":[]}"#).utf8)
    }

    /// The versions as stored (raw JSON, whether an account object is named), by position.
    static func stored(_ db: ArchiveDatabase, _ number: Int64) async throws -> [(body: String, named: Bool)] {
        try await db.read { db in
            try Row.fetchAll(
                db, sql: "SELECT raw_json, raw_account FROM status_edits WHERE status_id = ? ORDER BY position",
                arguments: [number]
            ).map { (String(decoding: $0["raw_json"] as Data, as: UTF8.self), ($0["raw_account"] as Int64?) != nil) }
        }
    }

    @Test func eachVersionKeepsTheAccountObjectOnceAndEveryReadGetsTheBytes() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let status = SplitPayloads.edited("2026-01-04T00:00:00.000Z")
        _ = try await db.store([status], server: "a.example")
        let number = try #require(try await db.findStatus(status.status.archiveURI))
        let account = String(
            decoding: try #require(try RawJSON.value(forKey: "account", inObject: status.raw)), as: UTF8.self)
        // Three versions with the account object, and one whose key is written with an escape: kept whole.
        let versions =
            (1...3).map { Self.version($0, account: account) } + [
                Self.version(4, account: account, key: #"acc\u006funt"#)
            ]
        let wanted = WantedEditHistory(number: number, server: "a.example", localID: "e1")
        let new = try await db.storeEditHistory(
            wanted, versions: versions.enumerated().map { (Date(timeIntervalSince1970: Double($0.offset)), $0.element) }
        )
        #expect(new == 4)
        #expect(try await db.editHistory(of: number) == versions, "the history as served, byte for byte")
        #expect(try await db.exportRecords([number]).first?.editHistory == versions, "exported as served")
        let viewed = try await db.read { db in
            try String.fetchAll(
                db, sql: "SELECT raw_json FROM status_edit_json WHERE number = ? ORDER BY position", arguments: [number]
            )
        }
        #expect(viewed.map { Data($0.utf8) } == versions, "the status_edit_json view gives the versions as served")
        let stored = try await Self.stored(db, number)
        #expect(stored.map(\.named) == [true, true, true, false])
        #expect(stored.prefix(3).allSatisfy { !$0.body.contains("birds") }, "no cut version keeps the account object")
        #expect(stored.last?.body.contains("birds") == true, "the version in doubt keeps it in place")
        let accounts = try await db.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM raw_accounts") }
        #expect(accounts == 1, "the status and its versions share one account object")

        // A copy to another store reads each version whole, without the columns SQLite keeps for itself.
        let columns = try await db.copiedColumns("status_edits")
        #expect(!columns.contains("raw_account") && !columns.contains("raw_account_at"))
        let raw = try #require(columns.firstIndex(of: "raw_json"))
        let copied = try await db.readRows("status_edits", columns: columns, offset: 0, limit: 10).map { $0[raw] }
        #expect(copied == versions.map { CopyValue.bytes($0) }, "copied whole")

        // The history served again, the first version now in doubt: it is kept whole and names nothing.
        try await db.storeEditHistory(wanted, versions: [(Date(timeIntervalSince1970: 0), versions[3])])
        #expect(try await db.editHistory(of: number).first == versions[3])
        #expect(try await Self.stored(db, number).first?.named == false)
    }
}
