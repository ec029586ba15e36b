import Foundation
import Models

/// What differs between the SQL of the two stores, for the statements written once in this module: the
/// engine's syntax (``SQLEngine``, written here once), and the few fragments that follow each store's own
/// schema and indexes: where a day starts, how a handle prefix finds its index, where the user's marks and
/// consent are read, how a status's raw JSON is put back together. The rest of a statement is the same
/// text on SQLite and PostgreSQL.
package protocol SQLDialect: Sendable {
    /// The engine whose syntax the store speaks.
    var engine: SQLEngine { get }
    /// The column statuses are ordered by in time, and its value at the start of `day` (a day's
    /// boundary): `created_at` and its text, unless the store orders by a key of its own (SQLite's
    /// `sort_key` and its floor).
    func dayBoundary(_ day: Date) -> (column: String, value: SQLArgument)
    /// The raw JSON of the `statuses` row named `status`, byte for byte as its server sent it: every read
    /// of a status's raw JSON goes through this (SQLite keeps the author's account object apart, see
    /// schema/0019_accounts_once.sql); by default the column as it is (PostgreSQL keeps it whole, and
    /// TOAST compresses the repeated account object).
    func rawJSON(of status: String) -> String
    /// The raw JSON of the `status_edits` row named `version`, byte for byte as served: every read of an
    /// edit history's version goes through this; by default the column as it is (SQLite keeps the account
    /// object apart, see schema/0038_edit_accounts_once.sql).
    func versionJSON(of version: String) -> String
    /// The statements that keep one version of an edit history as served: by default
    /// ``EditHistoryStatements/upsertVersion(apart:)`` with the JSON whole.
    func keepingVersion(_ version: KeptVersion) -> [SQLStatement]
    /// The raw JSON of the `notifications` row named `notification`, byte for byte as served: every read
    /// of a notification goes through this; by default the column as it is (SQLite keeps its account
    /// objects apart, see schema/0039_notification_accounts_once.sql).
    func notificationJSON(of notification: String) -> String
    /// The statements that keep one notification of a page of timeline `timelineID`: by default
    /// ``NotificationStatements/keep(apart:)`` with the JSON whole.
    func keepingNotification(_ notification: ArchivableNotification, timelineID: Int64, now: SQLArgument)
        -> [SQLStatement]
    /// The columns the store derives from a status's words or keeps of its raw JSON apart, emptied when
    /// it is redacted (SQLite's account object kept once, PostgreSQL's content and search vectors), as `column =
    /// value, ` each (see ``DeletionStatements/redact(alsoClearing:)``).
    var redactionClears: String { get }
    /// How many of the posts that carry the tag ?1 consent hides (see ``ConsentPolicy``), as `n`, read
    /// from indexes as far as the store can.
    var hiddenTagged: String { get }
    /// A condition that narrows a listing of the posts carrying `tag` to candidates through the store's
    /// full-text index, given the bound forms a store needs; `nil` (the default) when the exact index of
    /// tags alone is the way (see ``TagStatements``).
    func tagCandidates(_ tag: String, bind: (SQLArgument) -> String) -> String?
    /// Marks the posts that mention the archiving account numbered ?1 (a mark of the user's, see
    /// `UserMarks`): when it is added, a post is the user's whichever account of theirs it mentions.
    var accountMentionMarks: String { get }
    /// The catalogue's columns of the table ?1, in their order, as `name`, `type` (as declared) and `key`
    /// (its place in the primary key from 1, 0 when it is not in it): what a copy between stores reads.
    var tableColumns: String { get }
    /// The columns of each table (by name) the store derives from the others or keeps for itself (its own
    /// keys, marks, search vectors, the objects it keeps apart), which a copy leaves out and the store
    /// computes again on write (a raw JSON is copied whole, see ``servedJSON(of:)``).
    var uncopiedColumns: [String: Set<String>] { get }
    /// The store's size on disk, as an expression.
    var databaseBytes: String { get }
    /// Every custom emoji URL of the archived statuses (read from their raw JSON), once each, non-empty, as
    /// column `u`.
    var emojiURLs: String { get }
}

extension SQLDialect {
    package func dayBoundary(_ day: Date) -> (column: String, value: SQLArgument) {
        ("s.created_at", .text(Timestamp.string(day)))
    }
    package func rawJSON(of status: String) -> String { "\(status).raw_json" }
    package func versionJSON(of version: String) -> String { "\(version).raw_json" }
    package func keepingVersion(_ version: KeptVersion) -> [SQLStatement] {
        [SQLStatement(EditHistoryStatements.upsertVersion(), arguments: version.arguments)]
    }
    package func notificationJSON(of notification: String) -> String { "\(notification).raw_json" }
    package func keepingNotification(_ notification: ArchivableNotification, timelineID: Int64, now: SQLArgument)
        -> [SQLStatement]
    {
        [
            SQLStatement(
                NotificationStatements.keep(),
                arguments: NotificationStatements.arguments(
                    notification, timelineID: timelineID, raw: notification.raw, now: now))
        ]
    }
    /// The raw JSON of `table`'s rows as served, for a copy to another store: the expression that puts back
    /// what the store keeps apart (statuses, versions of edit histories, notifications), `nil` for a table
    /// whose raw JSON, if any, is its column.
    package func servedJSON(of table: String) -> String? {
        switch table {
        case "statuses": rawJSON(of: table)
        case "status_edits": versionJSON(of: table)
        case "notifications": notificationJSON(of: table)
        default: nil
        }
    }
    package func tagCandidates(_ tag: String, bind: (SQLArgument) -> String) -> String? { nil }
    /// Whether the row `s` carries the user's mark (see ``UserMark``): its bit on the row.
    package func marked(_ mark: UserMark) -> String { engine.hasBits("s.user_marks", mark.bit) }
    /// Whether consent lets the `statuses` row `status` be shown where opted-out authors are hidden (see
    /// ``ConsentPolicy``): their posts are not, but for the user's own and those the user marked.
    package func consented(_ status: String) -> String { ConsentPolicy.condition(on: status, engine) }
    /// Handles that begin with `prefix` (`user@`, lowercased), given the bound forms a store needs: a
    /// range of `lower(author_handle)` by its bytes, which each store's index on it answers ('@' is
    /// followed by 'A').
    package func handlePrefix(_ prefix: String, bind: (SQLArgument) -> String) -> String {
        let handle = engine.bytewise("lower(s.author_handle)")
        let lower = bind(.text(prefix))
        let upper = bind(.text(String(prefix.dropLast()) + "A"))
        return "(\(handle) >= \(lower) AND \(handle) < \(upper))"
    }
    /// The custom emoji of the `statuses` row named `status` (those of the post it boosts when its raw
    /// JSON carries one), as a join to write after it, and an emoji's `shortcode` and `url` as expressions.
    package func emoji(of status: String) -> (join: String, shortcode: String, url: String) {
        engine.emoji(ofBytes: rawJSON(of: status))
    }
    /// See ``SQLEngine/placeholder(_:)``.
    package func placeholder(_ number: Int) -> String { engine.placeholder(number) }
    /// See ``SQLEngine/statement(_:)``.
    package func statement(_ sql: String) -> String { engine.statement(sql) }
    /// See ``SQLEngine/isTrue(_:)``.
    package func isTrue(_ column: String) -> String { engine.isTrue(column) }
    /// See ``SQLEngine/caseless(_:equals:)``.
    package func caseless(_ column: String, equals placeholder: String) -> String {
        engine.caseless(column, equals: placeholder)
    }
    /// See ``SQLEngine/position(of:in:)``.
    package func position(of needle: String, in haystack: String) -> String {
        engine.position(of: needle, in: haystack)
    }
    /// See ``SQLEngine/indexedBy(_:)``.
    package func indexedBy(_ index: String) -> String { engine.indexedBy(index) }
    /// See ``SQLEngine/isSame(_:_:)``.
    package func isSame(_ left: String, _ right: String) -> String { engine.isSame(left, right) }
    /// See ``SQLEngine/isAny(_:of:)``.
    package func isAny(_ column: String, of placeholder: String) -> String { engine.isAny(column, of: placeholder) }
    /// See ``SQLEngine/jsonText(_:in:)``.
    package func jsonText(_ key: String, in column: String) -> String { engine.jsonText(key, in: column) }
    /// See ``SQLEngine/bytewise(_:)``.
    package func bytewise(_ column: String) -> String { engine.bytewise(column) }
    /// See ``SQLEngine/words(of:as:)``.
    package func words(of column: String, as alias: String) -> String { engine.words(of: column, as: alias) }
    /// See ``SQLEngine/rowLock``.
    package var rowLock: String { engine.rowLock }
    /// See ``SQLEngine/orderedJoin``.
    package var orderedJoin: String { engine.orderedJoin }
}
