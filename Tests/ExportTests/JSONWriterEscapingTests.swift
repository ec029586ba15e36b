import Foundation
import Testing

@testable import Export

/// Strings Icebox writes into `thread.json` and `manifest.json` escape C1 and bidirectional controls.
@Suite struct JSONWriterEscapingTests {
    @Test func hiddenControlsAreEscapedInStringsIceboxWrites() throws {
        let quoted = JSONWriter.quoted("a\u{202E}b\u{85}c\u{2066}d\u{200F}")
        #expect(quoted == #""a\u202eb\u0085c\u2066d\u200f""#)
        let back = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
        #expect(back == ["a\u{202E}b\u{85}c\u{2066}d\u{200F}"])
    }
}
