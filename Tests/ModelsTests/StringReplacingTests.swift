import Models
import Testing

/// `replacing(every:with:)` quotes FTS5 strings and escapes LIKE patterns, so it must find the scalar
/// wherever it is, even where it begins a character with a combining mark.
@Suite struct StringReplacingTests {
    @Test(
        arguments: [
            ("say \"hi\"", "\"", "\"\"", "say \"\"hi\"\""),
            ("a\"\u{301}b", "\"", "\"\"", "a\"\"\u{301}b"),
            ("50%_off", "%", "\\%", "50\\%_off"),
            ("%\u{20DD}", "%", "\\%", "\\%\u{20DD}"),
            ("2024-03-01T05:19", "T", " ", "2024-03-01 05:19"),
            ("plain", "\"", "\"\"", "plain"),
            ("", "\"", "\"\"", ""),
        ] as [(String, Unicode.Scalar, String, String)])
    func everyScalarIsReplaced(_ text: String, _ scalar: Unicode.Scalar, _ replacement: String, _ expected: String) {
        let replaced = text.replacing(every: scalar, with: replacement)
        #expect(Array(replaced.unicodeScalars) == Array(expected.unicodeScalars))
    }
}
