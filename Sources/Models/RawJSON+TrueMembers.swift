import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension RawJSON {
    /// Whether `data` may hold a member whose key ends in `suffix` and whose value is `true`: the key's
    /// last bytes and closing quote, a colon and `true` (JSON's whitespace allowed around the colon),
    /// found at any depth and without reading the document's structure (colons found with `memchr`).
    /// `false` is exact: such a member, written without escapes in its key, has those bytes. `true` asks
    /// for a scan of the members (``values(forKeys:inObject:)``): the bytes may be nested, or another key's.
    public static func mayHoldTrue(underKeysEndingIn suffix: String, in data: Data) -> Bool {
        let ending = Array(suffix.utf8) + [UInt8(ascii: "\"")]
        let literal = Array("true".utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            while offset < bytes.count,
                let hit = memchr(base + offset, Int32(UInt8(ascii: ":")), bytes.count - offset)
            {
                let colon = UnsafeRawPointer(hit) - base
                offset = colon + 1
                var before = colon
                while before > 0, isWhitespace(bytes[before - 1]) { before -= 1 }
                guard before >= ending.count, bytes[(before - ending.count)..<before].elementsEqual(ending) else {
                    continue
                }
                var after = colon + 1
                while after < bytes.count, isWhitespace(bytes[after]) { after += 1 }
                if after + literal.count <= bytes.count, bytes[after..<(after + literal.count)].elementsEqual(literal) {
                    return true
                }
            }
            return false
        }
    }
}
