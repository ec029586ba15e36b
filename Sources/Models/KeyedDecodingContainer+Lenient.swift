import Foundation

/// Decoding helpers for what real servers send: dates in several shapes, `""` and `0` for "none",
/// missing keys where the documentation promises a value.
extension KeyedDecodingContainer {
    /// A required RFC 3339 date; an unparseable one is an error naming the field.
    func date(_ key: Key) throws -> Date {
        try parsedDate(try decode(String.self, forKey: key), key)
    }

    /// An optional date: missing or `null` is `nil`; present but unparseable is an error naming the field.
    func optionalDate(_ key: Key) throws -> Date? {
        try decodeIfPresent(String.self, forKey: key).map { try parsedDate($0, key) }
    }

    /// `text`, the value of `key`, as a date; unparseable is an error naming the field.
    private func parsedDate(_ text: String, _ key: Key) throws -> Date {
        guard let date = MastodonDate.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "not an RFC 3339 date: \"\(text)\"")
        }
        return date
    }

    /// A string that some servers omit or send as `null`: either reads as `""`.
    func string(_ key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? ""
    }

    /// A string where `""`, `null` and a missing key all mean "none".
    func text(_ key: Key) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return text
    }

    /// A positive number where `0`, `null`, a missing key and anything that is not a number mean
    /// "unknown" (a size is never worth losing a post over).
    func positive(_ key: Key) throws -> Int? {
        guard let value = (try? decodeIfPresent(Double.self, forKey: key)) ?? nil, value > 0, value < Double(Int.max)
        else { return nil }
        return Int(value)
    }

    /// A yes/no that servers send as `true`/`false`, `"true"`/`"false"`, `1`/`0` or `null`; anything
    /// else reads as `nil`.
    func flag(_ key: Key) -> Bool? {
        if let value = (try? decodeIfPresent(Bool.self, forKey: key)) ?? nil { return value }
        if let value = (try? decodeIfPresent(Int.self, forKey: key)) ?? nil { return value != 0 }
        if let value = (try? decodeIfPresent(String.self, forKey: key)) ?? nil { return Bool(value.lowercased()) }
        return nil
    }

    /// A count that may be absent (`nil`), else read as ``count(_:)`` does.
    func optionalCount(_ key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try count(key)
    }

    /// A count that some servers omit: missing or `null` reads as 0; a fractional or string number
    /// (seen from bridges) reads as its whole part, a negative one as 0.
    func count(_ key: Key) throws -> Int {
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return max(0, value) }
        if let value = try? decodeIfPresent(Double.self, forKey: key), value.isFinite {
            return Int(max(0, min(value, Double(Int32.max))))
        }
        if let text = try? decodeIfPresent(String.self, forKey: key), let value = Int(text) { return max(0, value) }
        return 0
    }

    /// An identifier: opaque string, though a few servers send numbers (Mastodon 1.x's mentions,
    /// some bridges' everything); a number too large for 64 bits is kept as it was written.
    func identifier(_ key: Key) throws -> String {
        if let text = try? decode(String.self, forKey: key) { return text }
        if let number = try? decode(Int64.self, forKey: key) { return String(number) }
        if let number = try? decode(UInt64.self, forKey: key) { return String(number) }
        if let number = try? decode(Decimal.self, forKey: key) { return "\(number)" }
        return try decode(String.self, forKey: key)
    }

    /// An optional identifier (`in_reply_to_id`…): string, number, `null` or missing.
    func optionalIdentifier(_ key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try identifier(key)
    }

    /// A list that may be missing or `null`.
    func list<T: Decodable>(_ key: Key) throws -> [T] {
        try decodeIfPresent([T].self, forKey: key) ?? []
    }
}

/// Holds a value behind a reference so a struct can contain itself (a boost holds the boosted status).
final class Indirect<Value: Sendable & Hashable>: Sendable, Hashable {
    let value: Value
    init(_ value: Value) { self.value = value }
    static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
