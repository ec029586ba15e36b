import ArchiveCore
import Foundation
import Models

/// The ids the archive's Mastodon API gives statuses (issue 45). Statuses from many servers cannot keep
/// their servers' ids, so each gets one in the archive's own id space: the millisecond of its
/// `created_at`, then its archive number in ten digits. Read as a number, an id sorts as the statuses
/// do (newest highest), so ids compare as Mastodon's do, by length and then text; and an id names its
/// status exactly (the number is the row's key).
public enum APIStatusID {
    /// The digits of the number at the end of an id.
    static let numberDigits = 10
    static let numberLimit: Int64 = 10_000_000_000

    /// The id of the status at `key`. A status whose date is before 1970 or not in Mastodon's form is
    /// given its number alone (it sorts below every other, as its date does).
    public static func string(_ key: APIStatusKey) -> String {
        guard let ms = MastodonDate.milliseconds(key.createdAt), ms > 0, key.number < numberLimit else {
            return String(key.number)
        }
        let number = String(key.number)
        return String(ms) + String(repeating: "0", count: numberDigits - number.count) + number
    }

    /// What an id says: the millisecond (0 for an id of a number alone) and the number. `nil` for text
    /// that is no id of this form (not digits, or too long).
    public static func parts(_ id: String) -> (milliseconds: Int64, number: Int64)? {
        guard !id.isEmpty, id.count <= 25, id.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        guard id.count > numberDigits else { return Int64(id).map { (0, $0) } }
        let split = id.index(id.endIndex, offsetBy: -numberDigits)
        guard let ms = Int64(id[..<split]), let number = Int64(id[split...]) else { return nil }
        return (ms, number)
    }

    /// The key an id stands for, as a bound of a page: the status it names when the archive holds it
    /// (`held`, its key), else the place its millisecond and number say.
    public static func key(_ id: String, held: APIStatusKey?) -> APIStatusKey? {
        guard let parts = parts(id) else { return nil }
        if let held, held.number == parts.number, string(held) == id { return held }
        return APIStatusKey(createdAt: MastodonDate.format(milliseconds: parts.milliseconds), number: parts.number)
    }
}
