/// The hexadecimal digits, lower case, as the bytes of their characters.
private let hexDigits = Array("0123456789abcdef".utf8)

extension Sequence where Element == UInt8 {
    /// The bytes as lower-case hexadecimal, two digits each: what `map { String(format: "%02x", $0) }
    /// .joined()` gives, without formatting each byte through Foundation (a digest's 32 bytes took 32
    /// formatted strings, 1.7% of a sync's CPU where each author's version is hashed).
    public var lowercaseHex: String {
        var characters: [UInt8] = []
        // A digest is a sequence that may not know its count: room for a SHA-256's at least.
        characters.reserveCapacity(Swift.max(underestimatedCount, 32) * 2)
        for byte in self {
            characters.append(hexDigits[Int(byte >> 4)])
            characters.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
