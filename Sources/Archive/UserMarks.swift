import ArchiveCore
import Foundation
import GRDB
import Models

/// The SQLite store's side of the user's marks (see `UserMarks`): the accounts a copy's mentions are
/// compared with, and the marks written as rows change.
extension UserMarks {
    /// Sets the marks computed from the copy now shown on row `id`, keeping the others.
    static func replaceFromCopy(_ marks: UserMarks, statusID id: Int64, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE statuses SET user_marks = (user_marks & ~\(fromCopy.rawValue)) | ?1
                WHERE id = ?2 AND user_marks != ((user_marks & ~\(fromCopy.rawValue)) | ?1)
                """
        ).execute(arguments: [marks.rawValue, id])
    }

    /// Marks the post a boost names when the boost is one of the archiving accounts'.
    static func markBoosted(uri: String, boosterHandle: String, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE statuses SET user_marks = user_marks | \(boostedByUser.rawValue)
                WHERE uri = ? AND ? IN (SELECT handle FROM archiving_accounts)
                """
        ).execute(arguments: [uri, boosterHandle])
    }

    /// Marks what an account (just added, or renamed) mentioned or boosted among the rows already
    /// archived: a post is the user's whichever account of theirs touched it.
    static func markForAccount(id accountID: Int64, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE statuses SET user_marks = user_marks | \(mentionsUser.rawValue)
                WHERE EXISTS (SELECT 1 FROM archiving_accounts a WHERE a.id = ? AND \(try mentionCondition(db)))
                """, arguments: [accountID])
        try db.execute(
            sql: """
                UPDATE statuses SET user_marks = user_marks | \(boostedByUser.rawValue)
                WHERE uri IN (SELECT b.reblog_uri FROM statuses b JOIN archiving_accounts a ON a.handle = b.author_handle
                              WHERE a.id = ? AND b.reblog_uri IS NOT NULL)
                """, arguments: [accountID])
    }

    /// Computes every row's marks from the lists, copies and accounts: after the column is added to an
    /// existing archive, and after a copy from another store (which does not keep them).
    static func recomputeAll(_ db: Database) throws {
        // Only the rows that have marks are written (rewriting every row would rewrite the whole file).
        try db.execute(sql: "UPDATE statuses SET user_marks = 0 WHERE user_marks != 0")
        try db.execute(
            sql: """
                UPDATE statuses SET user_marks = (
                    SELECT SUM(DISTINCT CASE t.spec WHEN 'bookmarks' THEN 1 WHEN 'favourites' THEN 2
                                                    WHEN 'mentions' THEN 4 WHEN 'own' THEN 8 END)
                    FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                    WHERE ts.status_id = statuses.id AND t.spec IN ('bookmarks', 'favourites', 'mentions', 'own'))
                WHERE id IN (SELECT ts.status_id FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                             WHERE t.spec IN ('bookmarks', 'favourites', 'mentions', 'own'))
                """)
        // Favourites, bookmarks and boosts an import named by uri (schema 0014) count as the lists do; a
        // post a file only claimed (0018) is no mark.
        if try db.tableExists("status_references") {
            try db.execute(
                sql: """
                    UPDATE statuses SET user_marks = user_marks | (
                        SELECT coalesce(SUM(DISTINCT CASE kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2
                                                               WHEN 'boost' THEN 64 ELSE 0 END), 0)
                        FROM status_references r WHERE r.uri = statuses.uri)
                    WHERE uri IN (SELECT uri FROM status_references)
                    """)
        }
        let rows = try Row.fetchCursor(db, sql: "SELECT id, \(try rawJSON(db)) AS raw_json FROM statuses")
        let mark = try db.makeStatement(
            sql: "UPDATE statuses SET user_marks = user_marks | \(servedInteraction.rawValue) WHERE id = ?")
        while let row = try rows.next() {
            let raw: Data = row["raw_json"] ?? Data()
            if servedInteraction(raw) { try mark.execute(arguments: [row["id"] as Int64]) }
        }
        for id in try Int64.fetchAll(db, sql: "SELECT id FROM archiving_accounts") { try markForAccount(id: id, db) }
    }

    /// Row `statuses`' raw JSON as sent: the column itself while a migration older than
    /// schema/0019_accounts_once.sql runs this, when no account object was kept apart yet (schema/0012 is
    /// the one that does), and every object spliced back in the current schema (a finished copy). In
    /// between, the account alone: what the marks read (the mentions) is never in an object kept apart.
    private static func rawJSON(_ db: Database) throws -> String {
        let columns = Set(try db.columns(in: "statuses").map(\.name))
        let current = StoredRawJSON.Slot.allCases.allSatisfy { columns.contains($0.columns.reference) }
        if current { return SQLiteDialect().rawJSON(of: "statuses") }
        return columns.contains("raw_account") ? SQLiteDialect.accountSpliced("statuses") : "statuses.raw_json"
    }

    /// Whether row `statuses` mentions account `a` (the same test as `of`, on the stored JSON).
    private static func mentionCondition(_ db: Database) throws -> String { mentionCondition(try rawJSON(db)) }

    /// Whether row `statuses`, whose raw JSON is `raw`, mentions account `a`.
    static func mentionCondition(_ raw: String) -> String {
        """
        instr(\(raw), CAST(a.username AS BLOB)) > 0 AND json_valid(CAST(\(raw) AS TEXT))
        AND EXISTS (SELECT 1 FROM json_each(CAST(\(raw) AS TEXT), '$.mentions') m
                    WHERE a.url = json_extract(m.value, '$.url') OR a.handle = json_extract(m.value, '$.acct')
                       OR a.handle = json_extract(m.value, '$.acct') || '@' || statuses.raw_server)
        """
    }
}
