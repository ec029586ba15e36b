import ArchiveCore
import Foundation
import GRDB
import Models

/// A status's raw JSON as the SQLite store keeps it: the objects that repeat from post to post stored once,
/// `{}` in their place in `statuses.raw_json` (so the column stays JSON whose other members read as before),
/// with each object's number and the byte offset of its `{}`. An account object, half of the bytes and the
/// same in every post of its author, goes to `raw_accounts` (schema/0019_accounts_once.sql); a preview card,
/// the same in every post that links the same page (Mastodon keeps one `preview_cards` row per link and
/// serves that row with each), to `raw_cards` (schema/0035_cards_once.sql). Both are cut out of a boost's
/// boosted post too (schema/0037_boosted_objects_once.sql): a boost carries that post whole, its author's
/// account object and its card with it. `SQLiteDialect.rawJSON(of:)` and the `status_json` view splice them
/// back byte for byte.
struct StoredRawJSON {
    /// An object that may be cut out. Their `{}` stand in `body` in one of two orders (`order(boostFirst:)`),
    /// the one the server sent them in: a later one is cut out only after the earlier ones, so that the
    /// splice has only those two orders to put them back in.
    enum Slot: Int, CaseIterable {
        /// The status's account object.
        case account
        /// The account object of the post a boost carries (`reblog.account`).
        case boostedAccount
        /// The card of the post a boost carries (`reblog.card`).
        case boostedCard
        /// The status's card.
        case card

        /// Where the object is kept once.
        var table: String {
            switch self {
            case .account, .boostedAccount: "raw_accounts"
            case .boostedCard, .card: "raw_cards"
            }
        }

        /// The order of the objects in the JSON as servers send them: the boosted post first, then the
        /// account and the card (Mastodon and GoToSocial, whose serializers write `reblog` before `account`),
        /// or the account first, then the boosted post, then the card (mastodon-mock, Pleroma's alphabetical
        /// order). The boosted post's account comes before its card in both.
        static func order(boostFirst: Bool) -> [Slot] {
            boostFirst
                ? [.boostedAccount, .boostedCard, .account, .card] : [.account, .boostedAccount, .boostedCard, .card]
        }

        /// The columns and the table of `SQLiteDialect`'s splice.
        var splice: (reference: String, offset: String, table: String) {
            (columns.reference, columns.offset, table)
        }

        /// The `statuses` columns that name the object and hold the offset of its `{}`.
        var columns: (reference: String, offset: String) {
            switch self {
            case .account: ("raw_account", "raw_account_at")
            case .boostedAccount: ("raw_boosted_account", "raw_boosted_account_at")
            case .boostedCard: ("raw_boosted_card", "raw_boosted_card_at")
            case .card: ("raw_card", "raw_card_at")
            }
        }
    }

    /// What `statuses.raw_json` holds: the JSON with `{}` for each object cut out, or whole.
    var body: Data
    /// Each slot's object cut out, by `Slot.rawValue`: its row in `Slot.table`, and how many bytes of `body`
    /// come before its `{}`; `nil` where it stays.
    private var cuts: [(id: Int64, offset: Int)?] = []

    /// The JSON whole: nothing cut out.
    init(whole raw: Data) {
        body = raw
    }

    /// `raw` with its outer `account` and `card` objects and its boosted post's (`reblog`) cut out, each
    /// stored once, or whole where those objects cannot be found without doubt (see
    /// `RawJSON.uniqueObjectRanges`). An object is cut out only when it comes after those before it in the
    /// order of the server's (`Slot.order(boostFirst:)`, told by where the boosted post and the account
    /// are), or those stay.
    init(_ raw: Data, _ db: Database) throws {
        var known = KnownObjects()
        try self.init(raw, db, known: &known)
    }

    /// The same, with the objects `known` already found in this write (see ``KnownObjects``).
    init(_ raw: Data, _ db: Database, known: inout KnownObjects) throws {
        let ranges = Self.objectRanges(raw)
        // The order the server wrote them in, as far as the boosted post and the account tell it.
        let boost = ranges[Slot.boostedAccount.rawValue] ?? ranges[Slot.boostedCard.rawValue]
        let account = ranges[Slot.account.rawValue]
        let boostFirst = boost.flatMap { boost in account.map { boost.lowerBound < $0.lowerBound } } ?? false
        let order = Slot.order(boostFirst: boostFirst)
        let (body, objects) = Self.cutting(order.map { ranges[$0.rawValue] }, outOf: raw)
        self.body = body
        guard objects.contains(where: { $0 != nil }) else { return }
        cuts = Array(repeating: nil, count: Slot.allCases.count)
        for (slot, object) in zip(order, objects) {
            guard let object else { continue }
            cuts[slot.rawValue] = (try known.number(of: object.bytes, in: slot.table, db), object.offset)
        }
    }

    /// `raw` with the objects at `ranges` (byte ranges of `raw` from 0, `nil` for none) each replaced by
    /// `placeholder`, in their order: one that starts before the end of the last one cut out stays. Returns
    /// the rest and, for each range, the object's bytes and the offset of its `{}` (`nil` where it stays).
    static func cutting(_ ranges: [Range<Int>?], outOf raw: Data) -> (
        body: Data, objects: [(bytes: Data, offset: Int)?]
    ) {
        guard ranges.contains(where: { $0 != nil }) else { return (raw, ranges.map { _ in nil }) }
        let start = raw.startIndex
        var body = Data(capacity: raw.count)
        var copied = 0
        let objects = ranges.map { range -> (bytes: Data, offset: Int)? in
            guard let range, range.lowerBound >= copied else { return nil }
            body.append(raw[(start + copied)..<(start + range.lowerBound)])
            let object = (Data(raw[(start + range.lowerBound)..<(start + range.upperBound)]), body.count)
            body.append(contentsOf: placeholder)
            copied = range.upperBound
            return object
        }
        body.append(raw[(start + copied)...])
        return (body, objects)
    }

    /// The objects of `raw` that may be cut out, by `Slot.rawValue` (byte ranges of `raw`, from 0).
    private static func objectRanges(_ raw: Data) -> [Range<Int>?] {
        let outer = RawJSON.uniqueObjectRanges(forKeys: ["account", "card", "reblog"], inObject: raw)
        var ranges = [Range<Int>?](repeating: nil, count: Slot.allCases.count)
        ranges[Slot.account.rawValue] = outer["account"]
        ranges[Slot.card.rawValue] = outer["card"]
        if let reblog = outer["reblog"] {
            let inner = RawJSON.uniqueObjectRanges(forKeys: ["account", "card"], inObjectAt: reblog, of: raw)
            ranges[Slot.boostedAccount.rawValue] = inner["account"]
            ranges[Slot.boostedCard.rawValue] = inner["card"]
        }
        return ranges
    }

    /// The number of the object cut out of `slot` and the offset of its `{}`, `nil` when it stays.
    func reference(_ slot: Slot) -> (id: Int64?, offset: Int?) {
        guard slot.rawValue < cuts.count, let cut = cuts[slot.rawValue] else { return (nil, nil) }
        return cut
    }

    /// What stands in `statuses.raw_json` where an object was: `{}`, two bytes that
    /// `SQLiteDialect.rawJSON(of:)` skips.
    static let placeholder: [UInt8] = Array("{}".utf8)

    /// The objects a write has found or stored (their numbers in `raw_accounts` or `raw_cards`), so that
    /// each is looked up once: a page's statuses carry their few authors' account objects, and their
    /// cards, many times over (a lookup each was 1.9% of a sync's CPU on the realistic corpus). Valid for
    /// one transaction only: an object stored in one that is rolled back is gone.
    struct KnownObjects {
        private var found: [Int64: [(table: String, json: Data, id: Int64)]] = [:]

        /// The number of an object in `table`, stored now when it is not there yet.
        mutating func number(of json: Data, in table: String, _ db: Database) throws -> Int64 {
            let hash = StoredRawJSON.fnv1a(json)
            if let known = found[hash]?.first(where: { $0.table == table && $0.json == json }) { return known.id }
            let id = try StoredRawJSON.objectID(of: json, hash: hash, in: table, db)
            found[hash, default: []].append((table, json, id))
            return id
        }
    }

    /// The number of an object in `table` (`raw_accounts` or `raw_cards`: a hash and the bytes), stored now
    /// when it is not there yet.
    private static func objectID(of json: Data, hash: Int64, in table: String, _ db: Database) throws -> Int64 {
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
