/// Mastodon-style identifiers: opaque strings that, for snowflakes, compare by length and then lexically.
enum StatusID {
    /// A snowflake: milliseconds since the epoch shifted left 16 bits, or'ed with a 16-bit sequence.
    static func snowflake(milliseconds: Int64, sequence: Int) -> String {
        String((UInt64(milliseconds) << 16) | UInt64(sequence & 0xFFFF))
    }

    /// Mastodon's ordering of ids: shorter is older; equal lengths compare lexically.
    static func isOlder(_ a: String, than b: String) -> Bool {
        a.utf8.count != b.utf8.count ? a.utf8.count < b.utf8.count : a < b
    }
}

/// A status id wrapped so that `<` follows Mastodon's length-then-lexical order.
struct IDKey: Comparable, Hashable, Sendable {
    let raw: String
    init(_ raw: String) { self.raw = raw }
    static func < (lhs: IDKey, rhs: IDKey) -> Bool { StatusID.isOlder(lhs.raw, than: rhs.raw) }
}
