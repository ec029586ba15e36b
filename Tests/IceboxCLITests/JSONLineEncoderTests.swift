import ArchiveCore
import Display
import Foundation
import Models
import Testing

@testable import icebox

/// `--jsonl` lines come from `JSONLineEncoder`; they must be the bytes `JSONEncoder` (with
/// `HiddenControlEscaping`) wrote before, for every record and every string a server can send.
@Suite struct JSONLineEncoderTests {
    /// What `--jsonl` wrote before `JSONLineEncoder`.
    private func reference<T: Encodable>(_ value: T) throws -> [UInt8] {
        Array(HiddenControlEscaping.escaping(try JSONOutput.line(value)))
    }

    /// Text no server would send but any may: every C0 control, quotes, backslashes and slashes, C1
    /// controls and bidirectional overrides, combining marks, CJK, emoji and a lone surrogate's
    /// replacement, around plain words.
    private static let hostileTexts: [String] = [
        "", "plain words", "a \"quoted\" \\ back/slash", "https://example.social/@a/1",
        String((0..<0x20).map { Character(Unicode.Scalar($0)!) }), "\u{7F}\u{80}\u{85}\u{9B}[31m\u{9F}",
        "\u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{200E}\u{200F}\u{061C}", "e\u{301} 東京 ラーメン 👩‍👩‍👧 \u{FFFD}",
        "tab\there\nnew\r\nline\u{8}\u{C}", "\u{2028}\u{2029}\u{FEFF}\u{00A0}",
    ]

    /// Strings of random scalars (a fixed seed), weighted towards the ones that are escaped.
    private static func randomTexts(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let pools: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x9F, 0x200B...0x206F, 0xA0...0x2FFF, 0x1F300...0x1F9FF]
        return (0..<count).map { _ in
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(next() % 24) {
                let pool = pools[Int(next() % UInt64(pools.count))]
                let value = pool.lowerBound + UInt32(next() % UInt64(pool.count))
                if let scalar = Unicode.Scalar(value) { text.append(scalar) }
            }
            return String(text)
        }
    }

    private func hit(_ text: String, number: Int64, rank: Double?) -> SearchHit {
        var hit = SearchHit(
            number: number, uri: "https://example.social/users/a/statuses/\(number)", url: text.isEmpty ? nil : text,
            id: "\(number)", acct: "a\(text)@example.social", authorName: text, createdAt: "2024-03-03T08:27:29.600Z",
            text: text, spoilerText: text, altText: text, language: text.isEmpty ? nil : "en", rank: rank,
            timelines: ["home", text])
        hit.goneAt = number % 2 == 0 ? nil : "2025-01-01T00:00:00Z"
        return hit
    }

    @Test func searchResultsAreWrittenAsJSONEncoderWroteThem() throws {
        let ranks: [Double?] = [nil, 0, -0.0, 1, -2, 1.25, 0.1 + 0.2, 1e-7, 1e21, -3.5e-300, 12_345_678.9]
        let texts = Self.hostileTexts + Self.randomTexts(count: 400)
        for (index, text) in texts.enumerated() {
            let result = SearchResult(
                hit: hit(text, number: Int64(index), rank: ranks[index % ranks.count]), words: ["a"])
            let line = try JSONLineEncoder.line(result)
            #expect(line == (try reference(result)), "text \(text.unicodeScalars.map { $0.value })")
        }
    }

    /// Nested objects and arrays, dates, integers of every width, nulls and keys out of order.
    struct Nested: Encodable {
        var zulu = [1, 2, 3]
        var alpha: String? = nil
        var date = Date(timeIntervalSince1970: 1_700_000_000.25)
        var inner = Inner()
        var small: Int8 = -8
        var big = UInt64.max
        var list: [Inner?] = [Inner(), nil]

        struct Inner: Encodable {
            var bKey = "x/y"
            var aKey: [String: Int] = ["b": 2, "a": 1, "_c": 0]
            var flag = false

            enum CodingKeys: String, CodingKey {
                case bKey = "b_key"
                case aKey = "a_key"
                case flag
            }
        }

        enum CodingKeys: String, CodingKey { case zulu, alpha, date, inner, small, big, list }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(zulu, forKey: .zulu)
            try container.encode(alpha, forKey: .alpha)
            try container.encode(date, forKey: .date)
            try container.encode(inner, forKey: .inner)
            try container.encode(small, forKey: .small)
            try container.encode(big, forKey: .big)
            try container.encode(list, forKey: .list)
        }
    }

    @Test func nestedRecordsDatesAndNumbersAreWrittenAsJSONEncoderWroteThem() throws {
        #expect(try JSONLineEncoder.line(Nested()) == (try reference(Nested())))
    }

    /// What `JSONEncoder` writes its own way is left to it, never written differently.
    @Test func valuesJSONEncoderSpecialCasesAreRefused() {
        #expect(throws: JSONLineEncoder.Unsupported.self) { try JSONLineEncoder.line(["a": URL(string: "https://x")!]) }
        #expect(throws: JSONLineEncoder.Unsupported.self) { try JSONLineEncoder.line([Data([1, 2])]) }
        #expect(throws: JSONLineEncoder.Unsupported.self) { try JSONLineEncoder.line([Double.nan]) }
    }
}
