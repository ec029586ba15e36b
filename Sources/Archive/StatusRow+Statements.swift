import ArchiveCore
import Foundation
import GRDB

/// The SQLite statements that write a `StatusRow`, and their arguments.
extension StatusRow {
    /// The columns `arguments(storing:)` fills: `columns` (with the url kept apart in place of `url`, which
    /// is read from the raw JSON: schema/0041_url_from_json.sql), the content kept apart, then where each
    /// object cut out of the raw JSON is (see `StoredRawJSON`).
    static let storedColumns =
        columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .map { $0 == "url" ? "url_kept" : $0 }.joined(separator: ", ") + ", content_kept, "
        + StoredRawJSON.Slot.allCases.map { "\($0.columns.reference), \($0.columns.offset)" }.joined(separator: ", ")
    /// The table and columns a status row is inserted into: `storedColumns`, first seen, updated, sort key.
    static let insertTarget = "statuses(\(storedColumns), first_seen_at, updated_at, sort_key)"
    /// `insertTarget` and the marks the copy carries by itself (see `UserMarks.fromCopy`), for rows inserted
    /// with their marks rather than marked by an `UPDATE` after.
    static let insertMarkedTarget = "statuses(\(storedColumns), first_seen_at, updated_at, sort_key, user_marks)"
    private static let insertPrefix =
        "(" + Array(repeating: "?", count: storedColumns.split(separator: ",").count + 2).joined(separator: ", ")

    /// Arguments: `arguments(storing:)`, then first seen and updated, then `sortArguments`. Inserts nothing when the
    /// key is taken (its millisecond's ties are full, and the next key belongs to another millisecond's
    /// status): the caller then spills the key higher. The statement never fails on that conflict, so
    /// GRDB keeps it prepared: a failed statement leaves GRDB's cache, and was compiled again, with the
    /// full-text triggers, for every status of a millisecond with more than 4,096 of them.
    static let insertSQL =
        TableStatements.insert(into: insertTarget, insertPrefix + ", \(SortKey.nextSQL))")
        + " ON CONFLICT(sort_key) DO NOTHING"
    /// Arguments: `arguments(storing:)`, then first seen and updated, then the key (see `SortKey.spill`).
    static let insertWithKeySQL = TableStatements.insert(into: insertTarget, insertPrefix + ", ?)")

    private static let updatePrefix =
        "UPDATE statuses SET "
        + storedColumns.split(separator: ",").map { "\($0.trimmingCharacters(in: .whitespacesAndNewlines)) = ?" }
        .joined(separator: ", ")
        + ", updated_at = ?, sort_key = "

    /// Arguments: `arguments(storing:)`, then updated, then `keepArguments` and `sortArguments`, then the id. The
    /// key is kept while it still fits created_at's millisecond (or its spill above it).
    static let updateSQL =
        updatePrefix + "CASE WHEN sort_key >> \(SortKey.tieBits) BETWEEN ? AND ? THEN sort_key"
        + " ELSE \(SortKey.nextSQL) END WHERE id = ?"
    /// Arguments: `arguments(storing:)`, then updated, then the key, then the id.
    static let updateWithKeySQL = updatePrefix + "? WHERE id = ?"

    /// The arguments of `SortKey.nextSQL`.
    var sortArguments: StatementArguments { [sortFloor, sortFloor, sortFloor] }

    /// The millisecond range in which `updateSQL` keeps a row's key.
    var keepArguments: StatementArguments {
        let millisecond = sortFloor >> Int64(SortKey.tieBits)
        return [millisecond, millisecond + SortKey.maxSpill]
    }

    /// `content_kept` (schema/0034_content_from_json.sql): `content` is read from the raw JSON, so a row
    /// whose raw JSON is missing (a boosted post whose bytes could not be cut out of its boost's) keeps
    /// its text apart; any other row keeps nothing there.
    var contentKept: String? { raw.isEmpty && !content.isEmpty ? content : nil }

    /// `url_kept` (schema/0041_url_from_json.sql): `url` is read from the raw JSON, so a row without its
    /// raw JSON keeps its url apart, as `contentKept` keeps its text.
    var urlKept: String? { raw.isEmpty ? url : nil }

    /// The values of `storedColumns`, the raw JSON as `stored` keeps it (`raw` is not read but for
    /// `contentKept` and `urlKept`): one array, each slot's reference and offset in `StoredRawJSON.Slot`'s order.
    func arguments(storing stored: StoredRawJSON) -> StatementArguments {
        let (account, boostedAccount) = (stored.reference(.account), stored.reference(.boostedAccount))
        let (boostedCard, card) = (stored.reference(.boostedCard), stored.reference(.card))
        return [
            uri, urlKept, createdAt, editedAt, authorHandle, authorName, reblogURI, visibility, language, sensitive,
            spoilerText, text, altText, extraText, searchAuthor, tagNames, mediaCount, hasPoll, hasCard,
            isReply, counts.replies, counts.reblogs, counts.favourites, stored.body, server, searchCJK, uriKind,
            authority.rawValue, contentKept, account.id, account.offset, boostedAccount.id, boostedAccount.offset,
            boostedCard.id, boostedCard.offset, card.id, card.offset,
        ]
    }
}
