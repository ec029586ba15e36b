import ArchiveCore
import Foundation
import GRDB
import Models

/// A status's raw JSON as the SQLite store keeps it: the objects that repeat from post to post stored once,
/// `{}` in their place in `statuses.raw_json` (so the column stays JSON whose other members read as before),
/// with each object's number and the byte offset of its `{}`. The author's account object, half of the
/// bytes and the same in every post of theirs, goes to `raw_accounts` (schema/0019_accounts_once.sql);
/// the preview card, the same in every post that links the same page (Mastodon keeps one `preview_cards`
/// row per link and serves that row with each), to `raw_cards` (schema/0035_cards_once.sql).
/// `SQLiteDialect.rawJSON(of:)` and the `status_json` view splice them back byte for byte.
struct StoredRawJSON {
    /// What `statuses.raw_json` holds: the JSON with `{}` for each object cut out, or whole.
    var body: Data
    /// The `raw_accounts` row of the cut-out account object, `nil` when it was not cut out.
    var accountID: Int64?
    /// How many bytes of `body` come before the account's `{}`, `nil` when it was not cut out.
    var accountOffset: Int?
    /// The `raw_cards` row of the cut-out card, `nil` when it was not cut out.
    var cardID: Int64?
    /// How many bytes of `body` come before the card's `{}`, `nil` when it was not cut out.
    var cardOffset: Int?

    /// The JSON whole: nothing cut out.
    init(whole raw: Data) {
        body = raw
    }

    /// `raw` with its outer `account` and `card` objects cut out and each stored once, or whole when those
    /// objects cannot be found without doubt (see `RawJSON.uniqueObjectRanges`): a boost's inner account and
    /// card stay in place. The card is cut out only when it comes after the account (as every server sends
    /// it) or the account stays, so that the splice never has to order the two.
    init(_ raw: Data, _ db: Database) throws {
        body = raw
        let ranges = RawJSON.uniqueObjectRanges(forKeys: ["account", "card"], inObject: raw)
        let account = ranges["account"]
        let card = ranges["card"].flatMap { card in
            (account.map { $0.upperBound <= card.lowerBound } ?? true) ? card : nil
        }
        guard account != nil || card != nil else { return }
        let start = raw.startIndex
        var body = Data(capacity: raw.count)
        var copied = 0
        for (range, isAccount) in [(account, true), (card, false)] {
            guard let range else { continue }
            body.append(raw[(start + copied)..<(start + range.lowerBound)])
            let offset = body.count
            body.append(contentsOf: Self.placeholder)
            let object = Data(raw[(start + range.lowerBound)..<(start + range.upperBound)])
            if isAccount {
                (accountID, accountOffset) = (try Self.objectID(of: object, in: "raw_accounts", db), offset)
            } else {
                (cardID, cardOffset) = (try Self.objectID(of: object, in: "raw_cards", db), offset)
            }
            copied = range.upperBound
        }
        body.append(raw[(start + copied)...])
        self.body = body
    }

    /// What stands in `statuses.raw_json` where an object was: `{}`, two bytes that
    /// `SQLiteDialect.rawJSON(of:)` skips.
    static let placeholder: [UInt8] = Array("{}".utf8)

    /// The number of an object in `table` (`raw_accounts` or `raw_cards`: a hash and the bytes), stored now
    /// when it is not there yet.
    private static func objectID(of json: Data, in table: String, _ db: Database) throws -> Int64 {
        let hash = fnv1a(json)
        if let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM \(table) WHERE hash = ? AND json = ?"), arguments: [hash, json])
        {
            return id
        }
        try db.cachedStatement(sql: "INSERT INTO \(table)(hash, json) VALUES (?, ?)").execute(arguments: [hash, json])
        return db.lastInsertedRowID
    }

    /// 64-bit FNV-1a of the bytes, as a signed integer (what SQLite keeps): cheap, and the same in
    /// every run, so an object stored by one run is found by the next.
    static func fnv1a(_ data: Data) -> Int64 {
        Int64(bitPattern: data.withUnsafeBytes(FNV1a.hash))
    }
}
