import Foundation

/// The SQL engine a store speaks: its syntax, written here once with the statements that use it, so a
/// driver only names its engine and runs statements (the fragments that follow a store's own schema and
/// indexes stay the driver's, see ``SQLDialect``).
package enum SQLEngine: Sendable {
    /// SQLite: `?` arguments, booleans kept as integers, lists bound as JSON arrays, BINARY collation.
    case sqlite
    /// PostgreSQL: `$n` arguments, real booleans and arrays, other writers at once.
    case postgres

    /// The placeholder of the `number`-th argument of a statement (from 1): `?` or `$number`.
    package func placeholder(_ number: Int) -> String {
        switch self {
        case .sqlite: "?"
        case .postgres: "$\(number)"
        }
    }

    /// A statement written once with numbered arguments (`?1`, `?2`…) in this engine's form: SQLite reads
    /// them as they are, PostgreSQL as `$n` (outside quoted text).
    package func statement(_ sql: String) -> String {
        guard self == .postgres else { return sql }
        var result = ""
        result.reserveCapacity(sql.utf8.count)
        var quoted = false
        var previous: Character = " "
        for character in sql {
            if character == "'" { quoted.toggle() }
            if !quoted, previous == "?", character.isASCII, character.isNumber {
                result.removeLast()
                result.append("$")
            }
            result.append(character)
            previous = character
        }
        return result
    }

    /// A boolean column as a condition: `column = 1` (SQLite keeps integers) or `column`.
    package func isTrue(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) = 1"
        case .postgres: column
        }
    }

    /// `column` equal to the text at `placeholder`, whatever the case.
    package func caseless(_ column: String, equals placeholder: String) -> String {
        switch self {
        case .sqlite: "\(column) = \(placeholder) COLLATE NOCASE"
        case .postgres: "lower(\(column)) = lower(\(placeholder))"
        }
    }

    /// Where the text at `needle` first occurs in `haystack` (from 1; 0 when it does not).
    package func position(of needle: String, in haystack: String) -> String {
        switch self {
        case .sqlite: "instr(\(haystack), \(needle))"
        case .postgres: "position(\(needle) IN \(haystack))"
        }
    }

    /// ` INDEXED BY index` where the planner must be told (SQLite: Icebox never runs ANALYZE, and without
    /// statistics SQLite may walk the wrong index), else nothing.
    package func indexedBy(_ index: String) -> String {
        switch self {
        case .sqlite: " INDEXED BY \(index)"
        case .postgres: ""
        }
    }

    /// Whether the integer `expression` has any of `bits` set, as a condition: SQLite reads an integer as
    /// one, and its partial indexes on `user_marks & bit` are taken only when a query says it the same way.
    package func hasBits(_ expression: String, _ bits: Int64) -> String {
        switch self {
        case .sqlite: "\(expression) & \(bits)"
        case .postgres: "(\(expression) & \(bits)) <> 0"
        }
    }

    /// Whether two values are the same, NULL the same as NULL.
    package func isSame(_ left: String, _ right: String) -> String {
        switch self {
        case .sqlite: "\(left) IS \(right)"
        case .postgres: "\(left) IS NOT DISTINCT FROM \(right)"
        }
    }

    /// `column` equal to one of the list at `placeholder` (bound as ``SQLArgument/ints(_:)`` or
    /// ``SQLArgument/texts(_:)``): one statement for any number of values. SQLite receives the list as a
    /// JSON array and reads it with `json_each`; PostgreSQL as an array.
    package func isAny(_ column: String, of placeholder: String) -> String {
        switch self {
        case .sqlite: "\(column) IN (SELECT value FROM json_each(\(placeholder)))"
        case .postgres: "\(column) = ANY(\(placeholder))"
        }
    }

    /// The text at `key` of the JSON object in the bytes of `column` (a status's raw JSON), NULL when absent.
    package func jsonText(_ key: String, in column: String) -> String {
        switch self {
        case .sqlite: "json_extract(CAST(\(column) AS TEXT), '$.\(key)')"
        case .postgres: "convert_from(\(column), 'UTF8')::jsonb ->> '\(key)'"
        }
    }

    /// `column` ordered by its bytes (SQLite's default collation, BINARY, already does).
    package func bytewise(_ column: String) -> String {
        switch self {
        case .sqlite: column
        case .postgres: "\(column) COLLATE \"C\""
        }
    }

    /// The space-separated words of `column` (a status's `tag_names`) as a table named `alias` with one
    /// column, `value`, to join on. On SQLite the words become a JSON array (hashtags are letters, digits
    /// and _, see `Hashtag`) read by `json_each`.
    package func words(of column: String, as alias: String) -> String {
        switch self {
        case .sqlite: "json_each('[\"' || replace(\(column), ' ', '\",\"') || '\"]') \(alias)"
        case .postgres: "LATERAL unnest(string_to_array(\(column), ' ')) AS \(alias)(value)"
        }
    }

    /// The custom emoji of a status whose raw JSON's bytes are `raw` (those of the post it boosts when it
    /// carries one), as a join to write after it, and an emoji's `shortcode` and `url` as expressions. On
    /// PostgreSQL a list that is not an array (a raw JSON that is no object, or has no emoji) contributes
    /// none.
    package func emoji(ofBytes raw: String) -> (join: String, shortcode: String, url: String) {
        switch self {
        case .sqlite:
            let json = "CAST(\(raw) AS TEXT)"
            return (
                """
                CROSS JOIN json_each(\(json), CASE WHEN json_type(\(json), '$.reblog') = 'object'
                    THEN '$.reblog.emojis' ELSE '$.emojis' END) e
                """,
                "json_extract(e.value, '$.shortcode')", "json_extract(e.value, '$.url')"
            )
        case .postgres:
            let json = "icebox_json(\(raw))"
            return (
                """
                CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(\(json)->'reblog') = 'object'
                    THEN \(json)->'reblog'->'emojis' ELSE \(json)->'emojis' END AS list) j
                CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.list) = 'array' THEN j.list ELSE '[]'::jsonb END) e
                """,
                "e->>'shortcode'", "e->>'url'"
            )
        }
    }

    /// What ends a read in a transaction that goes on to write by what it read: ` FOR UPDATE` where other
    /// writers run at once (PostgreSQL), nothing where the writer is alone and holds the whole file (SQLite).
    package var rowLock: String {
        switch self {
        case .sqlite: ""
        case .postgres: " FOR UPDATE"
        }
    }

    /// The key that orders a table declared without a primary key: SQLite's `rowid`; PostgreSQL's tables
    /// all declare one.
    package var implicitRowKey: String? {
        switch self {
        case .sqlite: "rowid"
        case .postgres: nil
        }
    }

    /// A join the planner keeps in the order written: `CROSS JOIN` on SQLite (which never reorders it),
    /// `JOIN` elsewhere.
    package var orderedJoin: String {
        switch self {
        case .sqlite: "CROSS JOIN"
        case .postgres: "JOIN"
        }
    }
}

/// Text matched literally by `LIKE … ESCAPE '\'` (PostgreSQL's default escape character, named on SQLite).
package enum LikePattern {
    /// `text` with the backslash, `%` and `_` escaped.
    package static func literal(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing("_", with: "\\_")
    }
}
