/// The attachment URLs an import's posts name, as a Bloom filter of a fixed 64 KiB: whether a URL may
/// be named (a URL named is always said to be; one not named, almost never), in the same memory however
/// many are named. Lets the media walks pass a file no post names without storing it; the files it lets
/// through by mistake are stored, then removed with the others no post names.
struct NameFilter {
    private static let bitCount = 1 << 19
    private var words = [UInt64](repeating: 0, count: bitCount / 64)

    mutating func insert(_ name: String) {
        for bit in Self.bits(of: name) { words[bit >> 6] |= 1 << UInt64(bit & 63) }
    }

    func mayContain(_ name: String) -> Bool {
        Self.bits(of: name).allSatisfy { words[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }
    }

    /// Three bits from one hash (Kirsch and Mitzenmacher: h1 + i·h2).
    private static func bits(of name: String) -> [Int] {
        var hasher = Hasher()
        hasher.combine(name)
        let hash = UInt64(bitPattern: Int64(hasher.finalize()))
        let (first, step) = (hash & 0xFFFF_FFFF, (hash >> 32) | 1)
        return (0..<3).map { Int((first &+ UInt64($0) &* step) % UInt64(bitCount)) }
    }
}
