import ArchiveCore
import Foundation
import GRDB

/// SQLite's side of the statements ArchiveCore writes once, beyond its engine's syntax: days as `sort_key`
/// floors (see `SortKey`), handle prefixes as a range on the index of `lower(author_handle)`, the account
/// object kept once, the user's marks as the bits of `statuses.user_marks` (see `UserMarks`).
struct SQLiteDialect: SQLDialect {
    var engine: SQLEngine { .sqlite }

    /// Dates compare as sort keys: the same test as on created_at, and a rowid range for the indexes.
    func dayBoundary(_ day: Date) -> (column: String, value: SQLArgument) { ("s.sort_key", .int(SortKey.floor(day))) }

    /// The tag column of the word index narrows to candidates when the tag has words in it (an emoji-only
    /// tag has none); the exact index of tags decides.
    func tagCandidates(_ tag: String, bind: (SQLArgument) -> String) -> String? {
        guard tag.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return "s.sort_key IN (SELECT rowid FROM statuses_fts WHERE statuses_fts MATCH "
            + bind(.text("tag_names : " + SearchCompiler.quote(tag))) + ")"
    }

    /// The account object and the card spliced back in place of the `{}` that stand for them
    /// (schema/0019_accounts_once.sql, schema/0035_cards_once.sql, `StoredRawJSON`), as bytes.
    func rawJSON(of status: String) -> String {
        let json = "\(status).raw_json"
        let account = Self.object("raw_accounts", of: "\(status).raw_account")
        let card = Self.object("raw_cards", of: "\(status).raw_card")
        let (accountAt, cardAt) = ("\(status).raw_account_at", "\(status).raw_card_at")
        return """
            CASE WHEN \(status).raw_card IS NULL THEN \(Self.accountSpliced(status)) \
            WHEN \(status).raw_account IS NULL THEN CAST(substr(\(json), 1, \(cardAt)) || \(card) \
            || substr(\(json), \(cardAt) + 3) AS BLOB) \
            ELSE CAST(substr(\(json), 1, \(accountAt)) || \(account) \
            || substr(\(json), \(accountAt) + 3, \(cardAt) - \(accountAt) - 2) || \(card) \
            || substr(\(json), \(cardAt) + 3) AS BLOB) END
            """
    }

    /// The account object alone spliced back (schema/0019_accounts_once.sql): the whole raw JSON where no
    /// card was cut out, and in a migration older than schema/0035_cards_once.sql.
    static func accountSpliced(_ status: String) -> String {
        let (json, at) = ("\(status).raw_json", "\(status).raw_account_at")
        return """
            CASE WHEN \(status).raw_account IS NULL THEN \(json) ELSE CAST(substr(\(json), 1, \(at)) \
            || \(object("raw_accounts", of: "\(status).raw_account")) || substr(\(json), \(at) + 3) AS BLOB) END
            """
    }

    /// The bytes of the object kept once in `table` (`raw_accounts`, `raw_cards`) that `reference` names.
    private static func object(_ table: String, of reference: String) -> String {
        "(SELECT kept_object.json FROM \(table) kept_object WHERE kept_object.id = \(reference))"
    }

    /// The tag's posts among the hidden ones (`ArchiveDatabase.hiddenPosts`), all from indexes.
    var hiddenTagged: String { TagStatements.count("?1") + " AND status_id IN (\(ArchiveDatabase.hiddenPosts("id")))" }

    /// The account object and card kept once (schema/0019_accounts_once.sql, 0035_cards_once.sql) go with the
    /// rest: the redacted raw JSON is kept whole, and what was cut out of the old one is no longer named. `content` is read
    /// from the raw JSON (schema/0034_content_from_json.sql): only a text kept apart from it is cleared.
    var redactionClears: String {
        "raw_account = NULL, raw_account_at = NULL, raw_card = NULL, raw_card_at = NULL, content_kept = NULL, "
    }
    /// Generated columns too (hidden 2 and 3): statuses.content is one, read from the raw JSON.
    var tableColumns: String {
        "SELECT name, type, pk AS key FROM pragma_table_xinfo(?1) WHERE hidden IN (0, 2, 3) ORDER BY cid"
    }

    /// The store's own date keys (the destination makes its own), where an account object or a card was cut
    /// out of the raw JSON (which is copied whole), and the content kept apart from the raw JSON (`content` is
    /// copied, see `ArchiveDatabase.writeRows`). The user's marks are copied (both stores keep the same
    /// bits), and computed again when a copy ends (see `finishCopy`).
    var uncopiedStatusColumns: Set<String> {
        ["sort_key", "raw_account", "raw_account_at", "raw_card", "raw_card_at", "content_kept"]
    }

    /// The database's pages as of the reader's snapshot (those still in the write-ahead log too, once).
    var databaseBytes: String { "(SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size())" }

    /// The account's mentions among the rows already archived (the same test as `UserMarks.of`, on the
    /// stored JSON).
    var accountMentionMarks: String {
        """
        UPDATE statuses SET user_marks = user_marks | \(UserMarks.mentionsUser.rawValue)
        WHERE EXISTS (SELECT 1 FROM archiving_accounts a WHERE a.id = ?1 AND \(UserMarks.mentionCondition(rawJSON(of: "statuses"))))
        """
    }

    var emojiURLs: String {
        """
        SELECT DISTINCT json_extract(e.value, '$.url') AS u FROM statuses s,
            json_each(CAST(\(rawJSON(of: "s")) AS TEXT), '$.emojis') e
        WHERE json_extract(e.value, '$.url') IS NOT NULL AND json_extract(e.value, '$.url') <> ''
        """
    }
}

extension UserMarks {
    /// The bit of a mark.
    init(_ mark: UserMark) {
        switch mark {
        case .bookmarked: self = .bookmarksTimeline
        case .favourited: self = .favouritesTimeline
        }
    }
}

extension SQLArgument {
    /// A value GRDB holds, as an argument of a statement written for both stores.
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .bytes(data)
        }
    }

    /// The value as GRDB binds it.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .int(let value): value.databaseValue
        case .double(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .bool(let value): value.databaseValue
        case .bytes(let value): value.databaseValue
        case .ints(let values): ("[" + values.map(String.init).joined(separator: ",") + "]").databaseValue
        case .texts(let values): Self.jsonArray(values).databaseValue
        }
    }

    /// Texts as a JSON array, as `json_each` reads them.
    private static func jsonArray(_ texts: [String]) -> String {
        guard let data = try? JSONEncoder().encode(texts) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
