import ArchiveCore
import Foundation
import GRDB
import Models

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

    /// The objects kept once spliced back in place of the `{}` that stand for them, as bytes: the account
    /// object, the card, and those of a boost's boosted post (schema/0019_accounts_once.sql,
    /// 0035_cards_once.sql, 0037_boosted_objects_once.sql, `StoredRawJSON`). They stand in one of two orders
    /// (`StoredRawJSON.Slot.order(boostFirst:)`: the boosted post's before the account where its offset is
    /// lower), so the JSON is the bytes before the first `{}`, its object, the bytes up to the next `{}`, and
    /// so on, in that order.
    func rawJSON(of status: String) -> String {
        let json = "\(status).raw_json"
        let whole = StoredRawJSON.Slot.allCases.map { "\(status).\($0.columns.reference) IS NULL" }
        let (account, boosted) = ("\(status).raw_account_at", "\(status).raw_boosted_account_at")
        let boostFirst = "\(account) > coalesce(\(boosted), \(status).raw_boosted_card_at)"
        return "CASE WHEN " + whole.joined(separator: " AND ") + " THEN \(json) WHEN \(boostFirst) THEN "
            + Self.spliced(status, in: StoredRawJSON.Slot.order(boostFirst: true).map(\.splice)) + " ELSE "
            + Self.spliced(status, in: StoredRawJSON.Slot.order(boostFirst: false).map(\.splice)) + " END"
    }

    /// The raw JSON of `row` with the objects named by `slots` (columns of `row` naming an object of `table`
    /// and holding the offset of its `{}`) spliced back in that order, as bytes.
    private static func spliced(_ row: String, in slots: [(reference: String, offset: String, table: String)]) -> String
    {
        let json = "\(row).raw_json"
        var pieces: [String] = []
        // Where the bytes after the last `{}` spliced so far start: past the `{}` of the latest slot cut out.
        var after: [String] = []
        func start() -> String { after.isEmpty ? "0" : "coalesce(" + (after + ["0"]).joined(separator: ", ") + ")" }
        for slot in slots {
            let (reference, offset) = ("\(row).\(slot.reference)", "\(row).\(slot.offset)")
            pieces.append(
                "CASE WHEN \(reference) IS NULL THEN '' ELSE substr(\(json), \(start()) + 1, \(offset) - \(start())) || "
                    + object(slot.table, of: reference) + " END")
            after.insert("\(offset) + 2", at: 0)
        }
        pieces.append("substr(\(json), \(start()) + 1)")
        return "CAST(" + pieces.joined(separator: " || ") + " AS BLOB)"
    }

    /// A version of an edit history with its account object spliced back (schema/0038_edit_accounts_once.sql).
    func versionJSON(of version: String) -> String { Self.accountSpliced(version) }

    /// The version with its account object kept once in `raw_accounts`, as a status's (see `StoredRawJSON`):
    /// stored there unless it is already, the version naming it and keeping `{}` in its place; whole
    /// where the object cannot be found without doubt. A version written again names what it now keeps.
    func keepingVersion(_ version: KeptVersion) -> [SQLStatement] {
        let range = RawJSON.uniqueObjectRanges(forKeys: ["account"], inObject: version.raw)["account"]
        let (body, objects) = StoredRawJSON.cutting([range], outOf: version.raw)
        let kept = Self.accountsApart(objects, as: [("raw_account", "raw_account_at")], firstArgument: 7)
        var stored = version
        stored.raw = body
        return kept.statements + [
            SQLStatement(
                EditHistoryStatements.upsertVersion(apart: kept.columns), arguments: stored.arguments + kept.arguments)
        ]
    }

    /// A notification with its account objects spliced back (schema/0039_notification_accounts_once.sql),
    /// the status's first where it comes first.
    func notificationJSON(of notification: String) -> String {
        let account = (reference: "raw_account", offset: "raw_account_at", table: "raw_accounts")
        let statusAccount = (reference: "raw_status_account", offset: "raw_status_account_at", table: "raw_accounts")
        let n = notification
        return "CASE WHEN \(n).raw_account IS NULL AND \(n).raw_status_account IS NULL THEN \(n).raw_json "
            + "WHEN \(n).raw_status_account_at < \(n).raw_account_at THEN "
            + Self.spliced(n, in: [statusAccount, account]) + " ELSE " + Self.spliced(n, in: [account, statusAccount])
            + " END"
    }

    /// The notification with its account object and its status's (`status.account`) kept once in
    /// `raw_accounts`, each cut out in the order they come (Mastodon writes `account` before `status`), or
    /// whole where they cannot be found without doubt.
    func keepingNotification(_ notification: ArchivableNotification, timelineID: Int64, now: SQLArgument)
        -> [SQLStatement]
    {
        let raw = notification.raw
        let outer = RawJSON.uniqueObjectRanges(forKeys: ["account", "status"], inObject: raw)
        let statusAccount = outer["status"].flatMap {
            RawJSON.uniqueObjectRanges(forKeys: ["account"], inObjectAt: $0, of: raw)["account"]
        }
        var slots: [(range: Range<Int>?, columns: (reference: String, offset: String))] = [
            (outer["account"], ("raw_account", "raw_account_at")),
            (statusAccount, ("raw_status_account", "raw_status_account_at")),
        ]
        if let first = statusAccount, let second = outer["account"], first.lowerBound < second.lowerBound {
            slots.reverse()
        }
        let (body, objects) = StoredRawJSON.cutting(slots.map(\.range), outOf: raw)
        let kept = Self.accountsApart(objects, as: slots.map(\.columns), firstArgument: 11)
        return kept.statements + [
            SQLStatement(
                NotificationStatements.keep(apart: kept.columns),
                arguments: NotificationStatements.arguments(notification, timelineID: timelineID, raw: body, now: now)
                    + kept.arguments)
        ]
    }

    /// For objects cut out of a row's JSON (see `StoredRawJSON.cutting`), the statements that keep each in
    /// `raw_accounts` unless it is there already, and the row's columns (`columns`, in the objects' order)
    /// that name them and hold their offsets, with their values as arguments from `?firstArgument` on
    /// (NULL for an object that stays in place).
    private static func accountsApart(
        _ objects: [(bytes: Data, offset: Int)?], as columns: [(reference: String, offset: String)],
        firstArgument: Int
    ) -> (statements: [SQLStatement], columns: [(column: String, value: String)], arguments: [SQLArgument]) {
        var result: (statements: [SQLStatement], columns: [(column: String, value: String)], arguments: [SQLArgument])
        result = ([], [], [])
        for (object, column) in zip(objects, columns) {
            guard let object else {
                result.columns += [(column.reference, "NULL"), (column.offset, "NULL")]
                continue
            }
            let hash = SQLArgument.int(StoredRawJSON.fnv1a(object.bytes))
            result.statements.append(
                SQLStatement(
                    """
                    INSERT INTO raw_accounts(hash, json) SELECT ?1, ?2
                    WHERE NOT EXISTS (SELECT 1 FROM raw_accounts WHERE hash = ?1 AND json = ?2)
                    """, hash, .bytes(object.bytes)))
            let hashAt = firstArgument + result.arguments.count
            result.columns += [
                (
                    column.reference,
                    "(SELECT id FROM raw_accounts WHERE hash = ?\(hashAt) AND json = ?\(hashAt + 1) ORDER BY id LIMIT 1)"
                ),
                (column.offset, "?\(hashAt + 2)"),
            ]
            result.arguments += [hash, .bytes(object.bytes), .int(Int64(object.offset))]
        }
        return result
    }

    /// The columns each table keeps for itself: of `statuses`, the store's own date keys (the destination
    /// makes its own), where an object was cut out of the raw JSON (which is copied whole), and the content
    /// and url kept apart from the raw JSON (`content` and `url` are copied, see `ArchiveDatabase.writeRows`; the user's marks
    /// are copied, both stores keeping the same bits, and computed again when a copy ends, see
    /// `finishCopy`); of a version of an edit history and of a notification, where their account objects
    /// were cut out.
    var uncopiedColumns: [String: Set<String>] {
        [
            "statuses": Set(
                StoredRawJSON.Slot.allCases.flatMap { [$0.columns.reference, $0.columns.offset] } + [
                    "sort_key", "content_kept", "url_kept",
                ]),
            "status_edits": ["raw_account", "raw_account_at"],
            "notifications": ["raw_account", "raw_account_at", "raw_status_account", "raw_status_account_at"],
        ]
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

    /// The objects kept once (schema/0019_accounts_once.sql, 0035_cards_once.sql, 0037) go with the
    /// rest: the redacted raw JSON is kept whole, and what was cut out of the old one is no longer named. `content` is read
    /// from the raw JSON (schema/0034_content_from_json.sql): only a text kept apart from it is cleared. A
    /// redacted status keeps its url (`Redaction`), so the url is kept apart from the redacted JSON (read in
    /// the old row, as every expression of an `UPDATE` is): the tombstone of JSON that could not be read
    /// holds none.
    var redactionClears: String {
        StoredRawJSON.Slot.allCases.map { "\($0.columns.reference) = NULL, \($0.columns.offset) = NULL, " }.joined()
            + "content_kept = NULL, url_kept = url, "
    }
    /// Generated columns too (hidden 2 and 3): statuses.content is one, read from the raw JSON.
    var tableColumns: String {
        "SELECT name, type, pk AS key FROM pragma_table_xinfo(?1) WHERE hidden IN (0, 2, 3) ORDER BY cid"
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
