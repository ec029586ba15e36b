import ArchiveCore
import Foundation
import GRDB
import Models

/// The user's own relations to a post, kept on its row (`statuses.user_marks`, schema 0012) as the row
/// is written: the consent policy and `is:bookmarked` / `is:favourited` read this one column instead of
/// scanning lists and parsing JSON for every candidate row.
///
/// The marks say what the lists and copies say, so a search means the same with or without them (the
/// PostgreSQL store still computes the same answer from the lists and JSON, and the two stores agree).
struct UserMarks: OptionSet, Sendable {
    let rawValue: Int64

    /// Listed in the archived `bookmarks` timeline, or named as a bookmark by an import (set by triggers).
    static let bookmarksTimeline = UserMarks(rawValue: 1)
    /// Listed in the archived `favourites` timeline, or named as a favourite by an import.
    static let favouritesTimeline = UserMarks(rawValue: 2)
    /// Listed in the archived `mentions` timeline.
    static let mentionsTimeline = UserMarks(rawValue: 4)
    /// Listed in the archived `own` timeline.
    static let ownTimeline = UserMarks(rawValue: 8)
    /// The copy shown was served with `bookmarked`, `favourited` or `reblogged` true.
    static let servedInteraction = UserMarks(rawValue: 16)
    /// The copy shown mentions one of the archiving accounts.
    static let mentionsUser = UserMarks(rawValue: 32)
    /// Boosted by one of the archiving accounts (a boost of theirs is archived), or by the account an
    /// import came from (its export named the boost).
    static let boostedByUser = UserMarks(rawValue: 64)

    /// The marks computed from the copy shown: replaced whenever the row is rewritten.
    static let fromCopy: UserMarks = [.servedInteraction, .mentionsUser]

    /// The marks a copy carries by itself: its interaction flags as served, and whether it mentions one
    /// of `accounts` (handle and profile URL), compared as the consent policy always compared them.
    static func of(
        _ status: Status, raw: Data, server: String,
        accounts: [(handle: String, url: String?)]
    ) -> UserMarks {
        var marks: UserMarks = []
        if servedInteraction(raw) { marks.insert(.servedInteraction) }
        if status.mentions.contains(where: { mention in
            accounts.contains { account in
                account.url == mention.url || account.handle == mention.acct
                    || account.handle == mention.acct + "@" + server
            }
        }) {
            marks.insert(.mentionsUser)
        }
        return marks
    }

    /// Whether the object's own `bookmarked`, `favourited` or `reblogged` is `true`.
    static func servedInteraction(_ raw: Data) -> Bool {
        let keys = ["bookmarked", "favourited", "reblogged"]
        // One pass over the object for the three keys.
        if let values = try? RawJSON.values(forKeys: keys, inObject: raw) {
            return values.values.contains { $0.elementsEqual("true".utf8) }
        }
        // A malformed object: each key as far as the object can be read.
        return keys.contains { key in
            guard let value = try? RawJSON.value(forKey: key, inObject: raw) else { return false }
            return value.elementsEqual("true".utf8)
        }
    }

    /// The archiving accounts' handles and profile URLs (removed ones too: what they did stays theirs).
    static func accounts(_ db: Database) throws -> [(handle: String, url: String?)] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT handle, url FROM archiving_accounts")).map {
            ($0["handle"], $0["url"])
        }
    }

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
    /// schema/0019_accounts_once.sql runs this, when no account object was kept apart yet.
    private static func rawJSON(_ db: Database) throws -> String {
        try db.columns(in: "statuses").contains { $0.name == "raw_account" }
            ? SQLiteDialect().rawJSON(of: "statuses") : "statuses.raw_json"
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
