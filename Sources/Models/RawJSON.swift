import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Finds the exact bytes of JSON values inside a document without re-encoding them, so the archive
/// can keep every status byte-for-byte as the server sent it.
public enum RawJSON {
    /// Why a document could not be split.
    public struct Malformed: Error, Hashable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "malformed JSON at byte \(offset): \(reason)" }
    }

    /// JSON's whitespace: space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The bytes of each element of a top-level array.
    public static func elements(ofArray data: Data) throws(Malformed) -> [Data] {
        var elements: [Data] = []
        do { try forEachElement(ofArray: data) { elements.append($0) } } catch let error as Malformed {
            throw error
        } catch {
            preconditionFailure("only the scan throws here: \(error)")
        }
        return elements
    }

    /// Calls `body` with the bytes of each element of a top-level array, in order, one at a time: the
    /// document is read where it lies (never copied whole), and each element is copied only for `body`,
    /// so that a large array costs one element beside it, not its size again. Throws ``Malformed`` when
    /// the document is not an array (after the elements before the fault were given), or what `body` throws.
    public static func forEachElement(ofArray data: Data, _ body: (Data) throws -> Void) throws {
        try data.withUnsafeBytes { buffer in
            var scanner = try Scanner(opening: buffer, with: "[", expected: "an array")
            scanner.skipWhitespace()
            if scanner.peek == UInt8(ascii: "]") {
                scanner.index += 1
            } else {
                while true {
                    scanner.skipWhitespace()
                    let start = scanner.index
                    try scanner.skipValue()
                    try body(Data(buffer[start..<scanner.index]))
                    if try scanner.skipSeparator(closing: "]") { break }
                }
            }
            scanner.skipWhitespace()
            guard scanner.peek == nil else { throw Malformed(offset: scanner.index, reason: "data after the array") }
        }
    }

    /// The bytes of the value under `key` in a top-level object; `nil` when absent or `null`.
    public static func value(forKey key: String, inObject data: Data) throws(Malformed) -> Data? {
        try values(forKeys: [key], inObject: data)[key]
    }

    /// The bytes of the values under `keys` in a top-level object, each as ``value(forKey:inObject:)``
    /// reads it (its first occurrence; absent when `null`), in one pass that ends once all are found.
    public static func values(forKeys keys: [String], inObject data: Data) throws(Malformed) -> [String: Data] {
        try Scanner.reading(data) { bytes throws(Malformed) in try values(forKeys: keys, inObject: bytes) }
    }

    private static func values(forKeys keys: [String], inObject bytes: UnsafeRawBufferPointer) throws(Malformed)
        -> [String: Data]
    {
        var scanner = try Scanner(opening: bytes, with: "{", expected: "an object")
        var wanted = keys.map { (key: $0, bytes: Array($0.utf8)) }
        var found: [String: Data] = [:]
        while !wanted.isEmpty {
            scanner.skipWhitespace()
            if scanner.peek == UInt8(ascii: "}") { break }
            let keyStart = scanner.index
            try scanner.skipString()
            let rawKey = bytes[(keyStart + 1)..<(scanner.index - 1)]
            scanner.skipWhitespace()
            guard scanner.peek == UInt8(ascii: ":") else {
                throw Malformed(offset: scanner.index, reason: "expected :")
            }
            scanner.index += 1
            scanner.skipWhitespace()
            let valueStart = scanner.index
            try scanner.skipValue()
            if let match = wanted.firstIndex(where: { rawKey.elementsEqual($0.bytes) }) {
                let value = bytes[valueStart..<scanner.index]
                if !value.elementsEqual("null".utf8) { found[wanted[match].key] = Data(value) }
                wanted.remove(at: match)
                if wanted.isEmpty { break }
            }
            if try scanner.skipSeparator(closing: "}") { break }
        }
        return found
    }

    /// The byte offsets (from 0) of the objects under `keys` in a top-level object, in one pass: a key's
    /// range when that key is written there exactly once, without escapes, and holds an object; no range for
    /// it otherwise (absent, repeated, another kind of value), and nothing at all when any key of the
    /// document is written with an escape (it might spell one of `keys` another way) or the document is
    /// malformed, so that a caller that cuts objects out never has to guess.
    public static func uniqueObjectRanges(forKeys keys: [String], inObject data: Data) -> [String: Range<Int>] {
        data.withUnsafeBytes { uniqueObjectRanges(forKeys: keys, inObject: $0) }
    }

    /// ``uniqueObjectRanges(forKeys:inObject:)`` of the object at `range` of `data` (a boost's `reblog`, a
    /// notification's `status`), as ranges of `data` (from 0), read in place.
    public static func uniqueObjectRanges(forKeys keys: [String], inObjectAt range: Range<Int>, of data: Data)
        -> [String: Range<Int>]
    {
        data.withUnsafeBytes { bytes in
            uniqueObjectRanges(forKeys: keys, inObject: UnsafeRawBufferPointer(rebasing: bytes[range])).mapValues {
                ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound)
            }
        }
    }

    private static func uniqueObjectRanges(forKeys keys: [String], inObject bytes: UnsafeRawBufferPointer)
        -> [String: Range<Int>]
    {
        guard var scanner = try? Scanner(opening: bytes, with: "{", expected: "an object") else { return [:] }
        let wanted = keys.map { Array($0.utf8) }
        // Per key: not seen (nil), seen once as an object (a range), or in doubt (an empty range).
        var found = [Range<Int>?](repeating: nil, count: keys.count)
        do {
            scanner.skipWhitespace()
            if scanner.peek == UInt8(ascii: "}") { return [:] }
            while true {
                scanner.skipWhitespace()
                let keyStart = scanner.index
                try scanner.skipString()
                let rawKey = bytes[(keyStart + 1)..<(scanner.index - 1)]
                // An escaped key might spell a wanted key another way: no object is cut from such a document.
                if rawKey.contains(UInt8(ascii: "\\")) { return [:] }
                scanner.skipWhitespace()
                guard scanner.peek == UInt8(ascii: ":") else { return [:] }
                scanner.index += 1
                scanner.skipWhitespace()
                let valueStart = scanner.index
                try scanner.skipValue()
                if let match = wanted.firstIndex(where: { rawKey.elementsEqual($0) }) {
                    let isObject = found[match] == nil && bytes[valueStart] == UInt8(ascii: "{")
                    found[match] = isObject ? valueStart..<scanner.index : valueStart..<valueStart
                }
                if try scanner.skipSeparator(closing: "}") { break }
            }
        } catch {
            return [:]
        }
        scanner.skipWhitespace()
        guard scanner.peek == nil else { return [:] }
        var ranges: [String: Range<Int>] = [:]
        for (key, range) in zip(keys, found) where range?.isEmpty == false { ranges[key] = range }
        return ranges
    }

    /// Reads a document where it lies: `bytes` is valid only while the scan runs.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// `body` given `data`'s bytes in place (no copy).
        static func reading<Result>(
            _ data: Data, _ body: (UnsafeRawBufferPointer) throws(Malformed) -> Result
        ) throws(Malformed) -> Result {
            try data.withUnsafeBytes { bytes in Swift.Result { () throws(Malformed) in try body(bytes) } }.get()
        }

        /// A scanner past the `bracket` that opens `bytes`'s top-level value (after any whitespace), or
        /// why not: `expected` is what the value should have been.
        init(opening bytes: UnsafeRawBufferPointer, with bracket: Unicode.Scalar, expected: String) throws(Malformed) {
            self.init(bytes: bytes)
            skipWhitespace()
            guard peek == UInt8(ascii: bracket) else {
                throw Malformed(offset: index, reason: "expected \(expected)")
            }
            index += 1
        }

        /// Past the `,` after a member, or the `closing` bracket after the last (whitespace before either);
        /// whether it was the bracket.
        mutating func skipSeparator(closing: Unicode.Scalar) throws(Malformed) -> Bool {
            skipWhitespace()
            guard let next = peek else { throw Malformed(offset: index, reason: "truncated") }
            index += 1
            if next == UInt8(ascii: closing) { return true }
            guard next == UInt8(ascii: ",") else {
                throw Malformed(offset: index - 1, reason: "expected , or \(closing)")
            }
            return false
        }

        mutating func skipWhitespace() {
            while let byte = peek, RawJSON.isWhitespace(byte) { index += 1 }
        }

        /// Past a string: the next `"` that no backslash escapes, found with `memchr` (a post's HTML is most
        /// of a page's bytes; a loop over each byte was 3% of a sync's CPU). A quote is escaped when an odd
        /// run of backslashes stands right before it (each backslash escapes the byte after it, a
        /// backslash too); the string's opening quote ends any run.
        mutating func skipString() throws(Malformed) {
            let quote = UInt8(ascii: "\"")
            let backslash = UInt8(ascii: "\\")
            guard peek == quote else { throw Malformed(offset: index, reason: "expected a string") }
            index += 1
            guard let base = bytes.baseAddress else { throw Malformed(offset: index, reason: "unterminated string") }
            while index < bytes.count, let hit = memchr(base + index, Int32(quote), bytes.count - index) {
                let end = UnsafeRawPointer(hit) - base
                var escapes = 0
                while bytes[end - 1 - escapes] == backslash { escapes += 1 }
                index = end + 1
                if escapes % 2 == 0 { return }
            }
            index = bytes.count
            throw Malformed(offset: index, reason: "unterminated string")
        }

        /// Skips one value; nesting is tracked with a depth count, so deep documents cannot overflow the stack.
        mutating func skipValue() throws(Malformed) {
            var depth = 0
            repeat {
                skipWhitespace()
                guard let byte = peek else { throw Malformed(offset: index, reason: "truncated") }
                switch byte {
                case UInt8(ascii: "\""): try skipString()
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else {
                        throw Malformed(offset: index, reason: "unexpected \(Character(Unicode.Scalar(byte)))")
                    }
                    depth -= 1
                    index += 1
                case UInt8(ascii: ","), UInt8(ascii: ":"):
                    guard depth > 0 else { throw Malformed(offset: index, reason: "unexpected separator") }
                    index += 1
                default:
                    let start = index
                    while let next = peek, !Self.isDelimiter(next) { index += 1 }
                    if index == start { throw Malformed(offset: index, reason: "unexpected byte") }
                }
            } while depth > 0
        }

        /// `,:{}[]"` and whitespace (a switch: this runs for every byte of every number and literal).
        static func isDelimiter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "\""), 0x20, 0x0A, 0x0D, 0x09:
                true
            default: false
            }
        }
    }
}
