import Foundation

extension StatusHTML {
    /// Character references: `&name;`, `&#123;`, `&#x7B;`.
    enum Entities {
        /// Decodes the character reference starting at `b[p]` (which should be `&`).
        /// Returns the scalar value and the number of bytes consumed, or nil when the bytes there are not
        /// a reference this converter knows; the caller then keeps the `&` as written.
        ///
        /// Named references need their `;`, except the legacy ones browsers read without it (`&copy 2026`):
        /// in text the longest such name is taken (`&notit` is `¬it`), in an attribute
        /// (`inAttribute`) only when no letter, digit or `=` follows. A few names stand for two code
        /// points (`second`). Numeric references may omit the `;`, as browsers allow; their values are
        /// mapped as HTML5 does: 0, surrogates and values past U+10FFFF become U+FFFD, and 0x80–0x9F are
        /// read as Windows-1252.
        static func decode(_ b: [UInt8], at p: Int, inAttribute: Bool = false)
            -> (scalar: UInt32, second: UInt32?, length: Int)?
        {
            guard p >= 0, p < b.count, b[p] == UInt8(ascii: "&") else { return nil }
            var q = p + 1
            guard q < b.count else { return nil }
            if b[q] == UInt8(ascii: "#") {
                q += 1
                var hex = false
                if q < b.count, b[q] == UInt8(ascii: "x") || b[q] == UInt8(ascii: "X") {
                    hex = true
                    q += 1
                }
                var value: UInt32 = 0
                var digits = 0
                while q < b.count {
                    let c = b[q]
                    let d: UInt32
                    if c >= 0x30 && c <= 0x39 {
                        d = UInt32(c - 0x30)
                    } else if hex && c >= 0x61 && c <= 0x66 {
                        d = UInt32(c - 0x61 + 10)
                    } else if hex && c >= 0x41 && c <= 0x46 {
                        d = UInt32(c - 0x41 + 10)
                    } else {
                        break
                    }
                    // Saturate instead of overflowing; anything past U+10FFFF becomes U+FFFD anyway.
                    if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + d }
                    digits += 1
                    q += 1
                }
                guard digits > 0 else { return nil }
                if q < b.count, b[q] == UInt8(ascii: ";") { q += 1 }
                return (numeric(value), nil, q - p)
            }
            let nameStart = q
            while q < b.count, q - nameStart <= 32, isAlphanumeric(b[q]) { q += 1 }
            guard q > nameStart else { return nil }
            if q < b.count, b[q] == UInt8(ascii: ";"),
                let found = named[String(decoding: b[nameStart..<q], as: UTF8.self)]
            {
                return (found.first, found.second, q + 1 - p)
            }
            // No `;`: the longest legacy name the letters start with.
            var end = min(q, nameStart + longestLegacyName)
            while end > nameStart {
                if let found = named[String(decoding: b[nameStart..<end], as: UTF8.self)], found.legacy {
                    if inAttribute, end < b.count, isAlphanumeric(b[end]) || b[end] == UInt8(ascii: "=") { return nil }
                    return (found.first, found.second, end - p)
                }
                end -= 1
            }
            return nil
        }

        @inline(__always) private static func isAlphanumeric(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
        }

        static func numeric(_ value: UInt32) -> UInt32 {
            if value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) { return 0xFFFD }
            if value >= 0x80 && value <= 0x9F {
                let index = Int(value - 0x80)
                return index < windows1252.count ? windows1252[index] : 0xFFFD
            }
            return value
        }

        /// HTML5's reading of numeric references 0x80–0x9F. The five undefined ones stay C1 controls,
        /// which the writer drops.
        private static let windows1252: [UInt32] = [
            0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
            0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
            0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
            0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
        ]

        /// A named reference: one or two code points, and whether the name is one of the legacy ones a
        /// browser also reads without its `;`.
        struct Reference: Sendable {
            var first: UInt32
            var second: UInt32?
            var legacy: Bool
        }

        /// Every named reference of the WHATWG list (case-sensitive, as in HTML), read once from the
        /// generated ``table``.
        static let named: [String: Reference] = {
            var references: [String: Reference] = [:]
            for line in table.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count >= 2 else { continue }
                let codes = fields[1].split(separator: ",").compactMap { UInt32($0, radix: 16) }
                guard let first = codes.first else { continue }
                let name = String(fields[0])
                let legacy = fields.count > 2 || references[name]?.legacy == true
                references[name] = Reference(first: first, second: codes.dropFirst().first, legacy: legacy)
            }
            return references
        }()

        /// The longest legacy name (`frac34`, `middot`…): how far a reference without `;` is looked for.
        static let longestLegacyName = named.filter(\.value.legacy).keys.map(\.utf8.count).max() ?? 0
    }
}
