import ArchiveCore
import Foundation

/// PostgreSQL's side of the statements ArchiveCore writes once, beyond its engine's syntax. Days as
/// `created_at` text, the raw JSON kept whole and tags found by their exact index are the protocol's
/// defaults; here are the rest: an account's mentions marked in SQL (its triggers keep the other marks,
/// schema/postgres/0031_user_marks.sql), redactions, the catalogue.
struct PostgresDialect: SQLDialect {
    var engine: SQLEngine { .postgres }

    /// Only opted-out authors' posts can be hidden: found with the tag from two indexes (the author's post
    /// numbers, the tags), so that only those rows are read and tested.
    var hiddenTagged: String {
        """
        SELECT COUNT(*) AS n FROM statuses s WHERE s.id IN (
            SELECT o.id FROM statuses o JOIN status_tags st ON st.status_id = o.id AND st.tag = ?1
            WHERE o.author_handle IN (SELECT handle FROM authors WHERE opted_out))
          AND NOT \(consented("s"))
        """
    }

    /// The content and the search vectors, which hold the words (SQLite's full-text tables follow their
    /// rows by trigger, and SQLite reads its content from the raw JSON).
    var redactionClears: String { "content = '', search_words = ''::tsvector, search_pieces = ''::tsvector, " }
    /// A key's place from its index's column list (`int2vector`, numbered from 0), counted from 1.
    var tableColumns: String {
        """
        SELECT c.column_name AS name, c.data_type AS type, COALESCE((
            SELECT k.n FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
            WHERE i.indrelid = ?1::text::regclass AND i.indisprimary AND a.attname = c.column_name), 0) AS key
        FROM information_schema.columns c
        WHERE c.table_schema = current_schema() AND c.table_name = ?1::text ORDER BY c.ordinal_position
        """
    }

    /// The search vectors and the phrase index's order, computed from the other columns on write.
    var uncopiedColumns: [String: Set<String>] { ["statuses": ["search_words", "search_pieces", "created_order"]] }

    /// The account's mentions among the rows already archived: the copy's mention mark again where its
    /// username occurs (see schema/postgres/0031_user_marks.sql), as SQLite sets only that bit.
    var accountMentionMarks: String {
        """
        UPDATE statuses SET user_marks = user_marks | (icebox_copy_marks(raw_json, raw_server) & 32)
        WHERE position(convert_to((SELECT username FROM archiving_accounts WHERE id = ?1), 'UTF8') IN raw_json) > 0
          AND (user_marks & 32) = 0
        """
    }

    var databaseBytes: String { "pg_database_size(current_database())" }

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
