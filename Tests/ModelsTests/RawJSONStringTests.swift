import Foundation
import Testing

@testable import Models

/// Strings end at the first quote no backslash escapes, however many backslashes stand before it.
@Suite struct RawJSONStringTests {
    @Test func aQuoteEndsAStringOnlyAfterAnEvenRunOfBackslashes() throws {
        let elements = [
            #""""#, #""plain""#, #""ends in a backslash \\""#, #""a quote \" inside""#,
            #""three \\\" then more""#, #""four \\\\""#, #""\\\\\"\\""#, #""multi-byte 漢字 \" ü""#,
            #"{"k\"ey":"v\\","n":["\\\"",1]}"#,
        ]
        let document = Data(("[" + elements.joined(separator: ",") + "]").utf8)
        #expect(try RawJSON.elements(ofArray: document).map { String(decoding: $0, as: UTF8.self) } == elements)
    }

    @Test func aStringWhoseLastQuoteIsEscapedIsUnterminated() {
        for document in [#"["abc\"]"#, #"["abc\\\"]"#, #"[""#, #"["\"#] {
            #expect(throws: RawJSON.Malformed.self, "\(document)") {
                try RawJSON.elements(ofArray: Data(document.utf8))
            }
        }
    }
}
