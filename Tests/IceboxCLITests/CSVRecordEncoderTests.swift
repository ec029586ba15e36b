import Foundation
import Testing

@testable import icebox

/// `--csv` reads a record's fields through the `Encodable` conformance `--json` uses, with nothing
/// encoded to JSON and parsed back: the same keys, the same nulls, numbers as JSON writes them.
@Suite struct CSVRecordEncoderTests {
    struct Record: Encodable {
        var name: String? = "=cmd"
        var rank: Double? = -2
        var score = 1.25
        var count: Int64 = 1
        var flag = true
        var tags = ["a", "b"]
        var gone: String?

        enum CodingKeys: String, CodingKey {
            case name, rank, score, count, flag, tags
            case gone = "gone_at"
        }
        func encode(to encoder: any Encoder) throws {
            // Written by hand, as the output records are, so that a nil is a null rather than left out.
            var container = encoder.container(keyedBy: CodingKeys.self)
            for (key, value) in [(CodingKeys.name, name), (.gone, gone)] { try container.encode(value, forKey: key) }
            try container.encode(rank, forKey: .rank)
            try container.encode(score, forKey: .score)
            try container.encode(count, forKey: .count)
            try container.encode(flag, forKey: .flag)
            try container.encode(tags, forKey: .tags)
        }
    }

    @Test func aRecordsFieldsAreItsOwnKeysAndValues() throws {
        let fields = try CSVRecordEncoder.fields(of: Record())
        #expect(
            fields == [
                "name": .text("=cmd"), "rank": .number("-2"), "score": .number("1.25"), "count": .number("1"),
                "flag": .flag(true), "tags": .list([.text("a"), .text("b")]), "gone_at": .null,
            ])
    }

    /// (Parsed back from JSON, a 1 or a 0 was taken for a flag: the status numbered 1 was `true`.)
    @Test func theLinesKeepTheFieldsOrderAndNeutraliseFormulas() throws {
        let text = try CSVOutput.text(
            [Record()], fields: ["count", "flag", "gone_at", "name", "rank", "score", "tags"])
        #expect(text == "count,flag,gone_at,name,rank,score,tags\n1,true,,\"'=cmd\",-2,1.25,a; b\n")
    }

    @Test func aFieldThatIsAnObjectIsRefused() {
        struct Nested: Encodable { var inner = ["key": 1] }
        #expect(throws: EncodingError.self) { try CSVRecordEncoder.fields(of: Nested()) }
    }
}
