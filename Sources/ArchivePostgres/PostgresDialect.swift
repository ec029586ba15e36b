import ArchiveCore
import Foundation

/// PostgreSQL's side of the statements ArchiveCore writes once: `$n` arguments, real booleans,
/// `lower()` on both sides for text without case, days as `created_at` text, the user's marks computed
/// from the timelines and references that make them (this store keeps no bit for them).
struct PostgresDialect: SQLDialect {
    func placeholder(_ number: Int) -> String { "$\(number)" }

    func isTrue(_ column: String) -> String { column }

    func caseless(_ column: String, equals placeholder: String) -> String {
        "lower(\(column)) = lower(\(placeholder))"
    }

    func position(of needle: String, in haystack: String) -> String { "position(\(needle) IN \(haystack))" }

    func dayBoundary(_ day: Date) -> (column: String, value: SQLArgument) {
        ("s.created_at", .text(Timestamp.string(day)))
    }

    /// COLLATE "C": a LIKE prefix becomes a range on statuses_by_author_bytes (schema/postgres/0009).
    func handlePrefix(_ prefix: String, bind: (SQLArgument) -> String) -> String {
        "lower(s.author_handle) COLLATE \"C\" LIKE \(bind(.text(Self.escapeLike(prefix) + "%")))"
    }

    func marked(_ mark: UserMark) -> String { mark.subquery() }

    /// Text matched literally by LIKE (PostgreSQL's escape character is the backslash).
    static func escapeLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    func indexedBy(_ index: String) -> String { "" }

    func isSame(_ left: String, _ right: String) -> String { "\(left) IS NOT DISTINCT FROM \(right)" }

    /// `?n` becomes `$n` (outside quoted text).
    func statement(_ sql: String) -> String {
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

    func isAny(_ column: String, of placeholder: String) -> String { "\(column) = ANY(\(placeholder))" }

    func bytewise(_ column: String) -> String { "\(column) COLLATE \"C\"" }

    var rowLock: String { " FOR UPDATE" }

    var orderedJoin: String { "JOIN" }

    /// Only opted-out authors' posts can be hidden: found with the tag from two indexes (the author's post
    /// numbers, the tags), so that only those rows are read and tested.
    var hiddenTagged: String {
        """
        SELECT COUNT(*) AS n FROM statuses s WHERE s.id IN (
            SELECT o.id FROM statuses o JOIN status_tags st ON st.status_id = o.id AND st.tag = ?1
            WHERE o.author_handle IN (SELECT handle FROM authors WHERE opted_out))
          AND NOT \(PostgresArchive.consentCondition())
        """
    }

    /// Computed from the lists and references that make the marks (see `PostgresArchive.consentCondition`).
    func consented(_ status: String) -> String { PostgresArchive.consentCondition(on: status) }

    /// A list that is not an array (a raw JSON that is no object, or has no emoji) contributes none.
    func emoji(of status: String) -> (join: String, shortcode: String, url: String) {
        let json = "icebox_json(\(status).raw_json)"
        return (
            """
            CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(\(json)->'reblog') = 'object'
                THEN \(json)->'reblog'->'emojis' ELSE \(json)->'emojis' END AS list) j
            CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.list) = 'array' THEN j.list ELSE '[]'::jsonb END) e
            """,
            "e->>'shortcode'", "e->>'url'"
        )
    }

    func words(of column: String, as alias: String) -> String {
        "LATERAL unnest(string_to_array(\(column), ' ')) AS \(alias)(value)"
    }

    /// The column as it is: PostgreSQL keeps a status's JSON whole (TOAST compresses the repeated account object).
    func rawJSON(of status: String) -> String { "\(status).raw_json" }

    func jsonText(_ key: String, in column: String) -> String { "convert_from(\(column), 'UTF8')::jsonb ->> '\(key)'" }

    /// The content and the search vectors, which hold the words (SQLite's full-text tables follow their
    /// rows by trigger, and SQLite reads its content from the raw JSON).
    var redactionClears: String { "content = '', search_words = ''::tsvector, search_pieces = ''::tsvector, " }
    /// Read from the raw JSON as SQLite's json_each reads it; a raw JSON that is not valid JSON
    /// contributes none.
    var emojiURLs: String {
        """
        SELECT DISTINCT e->>'url' AS u FROM statuses s,
            LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(icebox_json(s.raw_json)->'emojis') = 'array'
                THEN icebox_json(s.raw_json)->'emojis' ELSE '[]'::jsonb END) e
        WHERE e->>'url' IS NOT NULL AND e->>'url' <> ''
        """
    }
}

extension SQLValue {
    /// An argument of a statement written once for both stores. NULL is bound without a type, so the
    /// server gives it the type its place in the statement asks for (a number's, a text's).
    init(_ argument: SQLArgument) {
        switch argument {
        case .null: self = .bytes(nil)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .text(let value): self = .text(value)
        case .bool(let value): self = .bool(value)
        case .bytes(let value): self = .bytes(value)
        case .ints(let values): self = .intArray(values)
        case .texts(let values): self = .textArray(values)
        }
    }
}
