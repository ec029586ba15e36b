import ArchiveCore
import Foundation
import GRDB
import Models

/// A status's raw JSON as the SQLite store keeps it (schema/0019_accounts_once.sql): the author's account
/// object, half of the bytes and the same in every post of theirs, stored once in `raw_accounts`; in
/// `statuses.raw_json` the rest, `{}` in the object's place (so the column stays JSON whose other members
/// read as before), with the object's number and its byte offset. `SQLiteDialect.rawJSON(of:)` and the
/// `status_json` view splice it back byte for byte.
struct StoredRawJSON {
    /// What `statuses.raw_json` holds: the JSON with `{}` for the account object, or whole.
    var body: Data
    /// The `raw_accounts` row of the cut-out object, `nil` when `body` is whole.
    var accountID: Int64?
    /// How many bytes of `body` come before the object, `nil` when `body` is whole.
    var offset: Int?

    /// The JSON whole: nothing cut out.
    init(whole raw: Data) {
        self.init(body: raw, accountID: nil, offset: nil)
    }

    private init(body: Data, accountID: Int64?, offset: Int?) {
        self.body = body
        self.accountID = accountID
        self.offset = offset
    }

    /// `raw` with its outer `account` object cut out and stored once, or whole when that object cannot
    /// be found without doubt (see `RawJSON.uniqueObjectRange`): a boost's inner account stays in place.
    init(_ raw: Data, _ db: Database) throws {
        guard let range = RawJSON.uniqueObjectRange(forKey: "account", inObject: raw) else {
            self.init(whole: raw)
            return
        }
        let start = raw.startIndex
        let account = raw[(start + range.lowerBound)..<(start + range.upperBound)]
        var body = Data(capacity: raw.count - account.count + Self.placeholder.count)
        body.append(raw[start..<(start + range.lowerBound)])
        body.append(contentsOf: Self.placeholder)
        body.append(raw[(start + range.upperBound)...])
        self.init(body: body, accountID: try Self.accountID(of: Data(account), db), offset: range.lowerBound)
    }

    /// What stands in `statuses.raw_json` where the account object was: `{}`, two bytes that
    /// `SQLiteDialect.rawJSON(of:)` skips.
    static let placeholder: [UInt8] = Array("{}".utf8)

    /// The columns `raw_json`, `raw_account`, `raw_account_at`, in that order.
    var arguments: StatementArguments { [body, accountID, offset] }

    /// The number of an account object in `raw_accounts`, stored now when it is not there yet.
    private static func accountID(of json: Data, _ db: Database) throws -> Int64 {
        let hash = fnv1a(json)
        if let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM raw_accounts WHERE hash = ? AND json = ?"),
            arguments: [hash, json])
        {
            return id
        }
        try db.cachedStatement(sql: "INSERT INTO raw_accounts(hash, json) VALUES (?, ?)")
            .execute(arguments: [hash, json])
        return db.lastInsertedRowID
    }

    /// 64-bit FNV-1a of the bytes, as a signed integer (what SQLite keeps): cheap, and the same in
    /// every run, so an object stored by one run is found by the next.
    static func fnv1a(_ data: Data) -> Int64 {
        Int64(bitPattern: data.withUnsafeBytes(FNV1a.hash))
    }
}
