import Foundation

/// What differs between the SQL of the two stores, for the statements written once in this module (the
/// search filters first): how an argument is named, how a boolean column reads as a condition, how text
/// compares without case, where a day starts, and how the user's marks are looked up. The
/// rest of a statement is the same text on SQLite and PostgreSQL.
package protocol SQLDialect: Sendable {
    /// The placeholder of the `number`-th argument of a statement (from 1): `?` or `$number`.
    func placeholder(_ number: Int) -> String
    /// A boolean column as a condition: `column = 1` (SQLite keeps integers) or `column`.
    func isTrue(_ column: String) -> String
    /// `column` equal to the text at `placeholder`, whatever the case.
    func caseless(_ column: String, equals placeholder: String) -> String
    /// Where the text at `needle` first occurs in `haystack` (from 1; 0 when it does not).
    func position(of needle: String, in haystack: String) -> String
    /// The column statuses are ordered by in time, and its value at the start of `day` (a day's
    /// boundary): `sort_key` and its floor on SQLite, `created_at` and its text on PostgreSQL.
    func dayBoundary(_ day: Date) -> (column: String, value: SQLArgument)
    /// Handles that begin with `prefix` (`user@`, lowercased), given the bound forms a store needs.
    func handlePrefix(_ prefix: String, bind: (SQLArgument) -> String) -> String
    /// Whether the row `s` carries the user's mark (see ``UserMark``).
    func marked(_ mark: UserMark) -> String
    /// ` INDEXED BY index` where the planner must be told (SQLite without statistics), else nothing.
    func indexedBy(_ index: String) -> String
    /// Whether two values are the same, NULL the same as NULL.
    func isSame(_ left: String, _ right: String) -> String
    /// A statement written once with numbered arguments (`?1`, `?2`…) in this dialect's form.
    func statement(_ sql: String) -> String
    /// `column` equal to one of the list at `placeholder` (bound as ``SQLArgument/ints(_:)`` or
    /// ``SQLArgument/texts(_:)``): one statement for any number of values.
    func isAny(_ column: String, of placeholder: String) -> String
    /// The text at `key` of the JSON object in the bytes of `column` (a status's raw JSON), NULL when absent.
    func jsonText(_ key: String, in column: String) -> String
    /// The raw JSON of the `statuses` row named `status`, byte for byte as its server sent it: every read
    /// of a status's raw JSON goes through this (SQLite keeps the author's account object apart, see
    /// schema/0019_accounts_once.sql; PostgreSQL keeps the column whole).
    func rawJSON(of status: String) -> String
    /// The custom emoji of the `statuses` row named `status` (those of the post it boosts when its raw
    /// JSON carries one), as a join to write after it, and an emoji's `shortcode` and `url` as expressions.
    func emoji(of status: String) -> (join: String, shortcode: String, url: String)
    /// The space-separated words of `column` (a status's `tag_names`) as a table named `alias` with one
    /// column, `value`, to join on.
    func words(of column: String, as alias: String) -> String
    /// Whether consent lets the `statuses` row `status` be shown where opted-out authors are hidden (see
    /// ``ConsentPolicy``): their posts are not, but for the user's own and those the user marked.
    func consented(_ status: String) -> String
    /// `column` ordered by its bytes.
    func bytewise(_ column: String) -> String
    /// What ends a read in a transaction that goes on to write by what it read: ` FOR UPDATE` where other
    /// writers run at once (PostgreSQL), nothing where the writer is alone (SQLite).
    var rowLock: String { get }
    /// The columns the store derives from a status's words or keeps of its raw JSON apart, emptied when
    /// it is redacted (SQLite's account object kept once, PostgreSQL's content and search vectors), as `column =
    /// value, ` each (see ``DeletionStatements/redact(alsoClearing:)``).
    var redactionClears: String { get }
    /// A join the planner keeps in the order written: `CROSS JOIN` on SQLite (which never reorders it),
    /// `JOIN` elsewhere.
    var orderedJoin: String { get }
    /// How many of the posts that carry the tag ?1 consent hides (see ``ConsentPolicy``), as `n`, read
    /// from indexes as far as the store can.
    var hiddenTagged: String { get }
    /// Every custom emoji URL of the archived statuses (read from their raw JSON), once each, non-empty, as
    /// column `u`.
    var emojiURLs: String { get }
}
