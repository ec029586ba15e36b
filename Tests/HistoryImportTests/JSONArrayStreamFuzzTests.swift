import Foundation
import Models
import Testing

@testable import HistoryImport

/// Generated documents, split in random pieces: the elements are exactly what a whole-document parser
/// splits (`RawJSON.elements`), and a document cut anywhere or broken in its structure is refused.
@Suite("JSONArrayStream, generated documents")
struct JSONArrayStreamFuzzTests {
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(max(bound, 1)))
        }
    }

    static func value(_ random: inout Random, depth: Int) -> String {
        let strings = [#""""#, #""a,b]""#, #""\"}{""#, #""\\""#, #""\u00e9\n""#, #""日本語""#, #""[1,2]""#]
        switch random.next(depth > 3 ? 4 : 6) {
        case 0: return strings[random.next(strings.count)]
        case 1: return ["0", "-12.5e3", "1E+2", "42"][random.next(4)]
        case 2: return ["true", "false", "null"][random.next(3)]
        case 3: return strings[random.next(strings.count)]
        case 4:
            return "[" + (0..<random.next(4)).map { _ in value(&random, depth: depth + 1) }.joined(separator: " , ")
                + "]"
        default:
            return "{"
                + (0..<random.next(4)).map { index in
                    "\"k\(index)\" :\(value(&random, depth: depth + 1))"
                }.joined(separator: ",") + "}"
        }
    }

    static func split(_ bytes: [UInt8], _ random: inout Random) throws -> [Data] {
        var stream = JSONArrayStream(target: .key("orderedItems"))
        var found: [Data] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 1 + random.next(64))
            try stream.feed(Data(bytes[start..<end])) { found.append($0) }
            start = end
        }
        try stream.finish()
        return found
    }

    @Test func generatedDocumentsSplitAsAWholeDocumentParserSplitsThem() throws {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<400 {
            let elements = (0..<random.next(12)).map { _ in Self.value(&random, depth: 0) }
            let array = "[ " + elements.joined(separator: ",\n") + " ]"
            let document =
                #"{"@context":{"orderedItems":[0]},"id":"outbox.json","orderedItems":"# + array + #","n":[]}"#
            let expected = try RawJSON.elements(ofArray: Data(array.utf8))
            #expect(try Self.split(Array(document.utf8), &random) == expected, "\(document)")
            // Cut anywhere before its end, the document is refused.
            let bytes = Array(document.utf8)
            let cut = random.next(bytes.count - 1) + 1
            #expect(throws: JSONArrayStream.Malformed.self, "cut at \(cut): \(document)") {
                _ = try Self.split(Array(bytes[0..<cut]), &random)
            }
        }
    }

    @Test func aStructuralByteChangedIsRefusedOrSplitsAsAWholeDocumentParserDoes() throws {
        var random = Random(state: 0xC0FFEE)
        var refused = 0
        for _ in 0..<400 {
            let elements = (1...(1 + random.next(8))).map { _ in Self.value(&random, depth: 0) }
            var bytes = Array((#"{"orderedItems":["# + elements.joined(separator: ",") + "]}").utf8)
            let structural = bytes.indices.filter { "{}[],:\"".utf8.contains(bytes[$0]) }
            let at = structural[random.next(structural.count)]
            bytes[at] = Array("{}[],: x".utf8)[random.next(8)]
            do {
                let found = try Self.split(bytes, &random)
                // Accepted: then the array it found must be one a whole-document parser agrees with.
                let text = String(decoding: bytes, as: UTF8.self)
                if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                    let items = object["orderedItems"] as? [Any]
                {
                    #expect(found.count == items.count, "\(text)")
                }
            } catch is JSONArrayStream.Malformed {
                refused += 1
            }
        }
        #expect(refused > 200)
    }
}
