import Foundation
import Testing

@testable import Models

/// `RawJSON.mayHoldTrue`: a quick look at a status's bytes that says "no" only when no member whose key
/// ends so can hold `true`, so that a copy's served interactions are read from its members only then.
@Suite struct RawJSONTrueMembersTests {
    static let keys = ["bookmarked", "favourited", "reblogged"]

    /// What the pass over the object's members says: one of the keys holds `true` at the top level.
    static func scanned(_ raw: Data) -> Bool {
        ((try? RawJSON.values(forKeys: keys, inObject: raw)) ?? [:]).values.contains { $0.elementsEqual("true".utf8) }
    }

    @Test func noIsExactAndYesOnlyAsks() {
        let cases: [(String, may: Bool, scan: Bool)] = [
            (#"{"id":"1","favourited":false,"reblogged":false,"bookmarked":false}"#, false, false),
            (#"{"id":"1","favourited":true}"#, true, true),
            ("{\"id\":\"1\", \"reblogged\" :\t true }", true, true),
            ("{\"bookmarked\"\n:\r\ntrue}", true, true),
            // Nested, or another key ending in "ed": the bytes say "maybe", the members say no.
            (#"{"reblog":{"favourited":true},"favourited":false}"#, true, false),
            (#"{"pinned":true,"bookmarked":false}"#, true, false),
            // Inside a string, the quote before the colon is escaped: not a key.
            (#"{"content":"<p>\"favourited\":true</p>","favourited":false}"#, false, false),
            (#"{"favourited":"true"}"#, false, false),
            (#"{"favourited":null}"#, false, false),
            ("", false, false),
        ]
        for (text, may, scan) in cases {
            let raw = Data(text.utf8)
            #expect(RawJSON.mayHoldTrue(underKeysEndingIn: "ed", in: raw) == may, "\(text)")
            #expect(Self.scanned(raw) == scan, "\(text)")
        }
    }

    /// Every status of every real fixture (and slices of a larger document, whose indices do not start at
    /// 0): wherever the members say `true`, the bytes say "maybe".
    @Test func everyRealStatusTheMembersFindTheBytesFindToo() throws {
        var statuses = 0
        var interacted = 0
        for name in Fixtures.allJSONFiles {
            let data =
                name.contains(".response-with-headers.")
                ? try Fixtures.recordedBody(name).body : try Fixtures.data(name)
            let elements = (try? RawJSON.elements(ofArray: data)) ?? [data]
            for raw in elements where raw.first == UInt8(ascii: "{") {
                statuses += 1
                let slice = (Data("[".utf8) + raw + Data("]".utf8)).dropFirst().dropLast()
                for bytes in [raw, slice] where Self.scanned(bytes) {
                    interacted += 1
                    #expect(RawJSON.mayHoldTrue(underKeysEndingIn: "ed", in: bytes), "\(name)")
                }
                #expect(
                    RawJSON.mayHoldTrue(underKeysEndingIn: "ed", in: slice)
                        == RawJSON.mayHoldTrue(
                            underKeysEndingIn: "ed", in: raw), "\(name): a slice reads as its bytes")
            }
        }
        #expect(statuses > 30 && interacted > 0, "\(statuses) objects, \(interacted) with an interaction")
    }
}
