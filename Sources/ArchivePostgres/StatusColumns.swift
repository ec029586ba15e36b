import ArchiveCore
import Foundation

/// A `statuses` row on PostgreSQL: the same columns as the SQLite store's (`StatusRow`), plus the two
/// full-text vectors, which PostgreSQL computes from the words Icebox gives it (see `SearchWords`).
enum StatusColumns {
    static let columns = """
        uri, url, created_at, edited_at, author_handle, author_name, reblog_uri, visibility, language, sensitive,
        spoiler_text, content, text, alt_text, extra_text, search_author, tag_names, media_count, has_poll, has_card,
        in_reply_to, replies_count, reblogs_count, favourites_count, raw_json, raw_server, search_cjk, uri_kind,
        raw_authority, user_marks
        """
    static let columnCount = columns.split(separator: ",").count

    /// The six word fields, weighted as SQLite's bm25 weighs them (text most; content warning and
    /// hashtags next; alt text; then author, card and poll), each its own vector so a phrase never
    /// runs from one field into the next.
    static let wordsExpression = wordsExpression(firstParameter: columnCount + 1)

    /// The six word fields from parameters `firstParameter` … `firstParameter + 5`.
    static func wordsExpression(firstParameter: Int) -> String { wordsExpression { "$\(firstParameter + $0)" } }

    /// The six word fields, the first named `field(0)`, the last `field(5)`.
    static func wordsExpression(_ field: (Int) -> String) -> String {
        ["A", "B", "B", "C", "D", "D"].enumerated().map { index, weight -> String in
            "setweight(to_tsvector('icebox', \(field(index))), '\(weight)')"
        }.joined(separator: " || ")
    }
    static let piecesExpression = "to_tsvector('simple', $\(columnCount + 7))"

    /// A post another writer inserted first stays theirs: the caller finds no id for it and stores its
    /// copy as a copy.
    static let keepFirst = "ON CONFLICT (uri) DO NOTHING"

    /// Arguments: `values(row)`, then the time stored. Returns the new id.
    static let insertSQL =
        "INSERT INTO statuses(\(columns), search_words, search_pieces, first_seen_at, updated_at) VALUES ("
        + (1...columnCount).map { "$\($0)" }.joined(separator: ", ")
        + ", \(wordsExpression), \(piecesExpression), $\(columnCount + 8), $\(columnCount + 8))"
        + " \(keepFirst) RETURNING id"

    /// Parameters one row takes in `insertColumnsSQL`: its values, then the time stored.
    static let parametersPerRow = columnCount + 8

    /// Inserts any number of rows in one statement whose text never changes; arguments: the rows'
    /// `values(row)` and time stored as columns (see `SQLValue.columns(of:)`). Returns each new row's id
    /// and uri, the rows numbered in the order given.
    static let insertColumnsSQL: String = {
        let field = { (number: Int) in "c\(number)" }
        return "INSERT INTO statuses(\(columns), search_words, search_pieces, first_seen_at, updated_at) SELECT "
            + (1...columnCount).map(field).joined(separator: ", ")
            + ", \(wordsExpression { field(columnCount + 1 + $0) }), to_tsvector('simple', \(field(columnCount + 7)))"
            + ", \(field(columnCount + 8)), \(field(columnCount + 8))"
            + " FROM unnest(" + (1...parametersPerRow).map { "$\($0)" }.joined(separator: ", ") + ")"
            + " WITH ORDINALITY AS page(" + (1...parametersPerRow).map(field).joined(separator: ", ")
            + ", position) ORDER BY position \(keepFirst) RETURNING id, uri"
    }()

    /// Arguments: `values(row)`, then the time stored, then the id.
    static let updateSQL: String = {
        let assignments = columns.split(separator: ",").enumerated().map { number, column -> String in
            let name = column.trimmingCharacters(in: .whitespacesAndNewlines)
            // The marks the copy carries by itself replace the old copy's; the others stay.
            guard name == "user_marks" else { return "\(name) = $\(number + 1)" }
            return "user_marks = (user_marks & ~\(UserMarks.fromCopy.rawValue)) | $\(number + 1)"
        }
        return "UPDATE statuses SET " + assignments.joined(separator: ", ")
            + ", search_words = \(wordsExpression), search_pieces = \(piecesExpression)"
            + ", updated_at = $\(columnCount + 8) WHERE id = $\(columnCount + 9)"
    }()

    /// The row's columns (with the marks its copy carries by itself, see `UserMarks.of`), then its word
    /// fields and pieces.
    static func values(_ row: StatusRow, marks: UserMarks) -> [SQLValue] {
        [
            .text(row.uri), .text(row.url), .text(row.createdAt), .text(row.editedAt), .text(row.authorHandle),
            .text(row.authorName), .text(row.reblogURI), .text(row.visibility), .text(row.language),
            .bool(row.sensitive),
            .text(row.spoilerText), .text(row.content), .text(row.text), .text(row.altText), .text(row.extraText),
            .text(row.searchAuthor), .text(row.tagNames), .int(Int64(row.mediaCount)), .bool(row.hasPoll),
            .bool(row.hasCard), .bool(row.isReply), .int(Int64(row.counts.replies)), .int(Int64(row.counts.reblogs)),
            .int(Int64(row.counts.favourites)), .bytes(row.raw), .text(row.server), .text(row.searchCJK),
            .text(row.uriKind), .int(Int64(row.authority.rawValue)), .int(marks.rawValue),
            .text(SearchWords.spaced(row.text)), .text(SearchWords.spaced(row.spoilerText)),
            .text(SearchWords.spaced(row.tagNames)), .text(SearchWords.spaced(row.altText)),
            .text(SearchWords.spaced(row.searchAuthor)), .text(SearchWords.spaced(row.extraText)),
            .text(row.searchCJK),
        ]
    }
}
