import Display
import Testing

/// Folding output to a terminal's width: between words only, continuation lines under their text.
struct TextWrapTests {
    @Test func breaksBetweenWordsAndKeepsTheIndentation() {
        let line = "12.       [345] @someone@example.social · 2026-03-01 10:00 UTC and then some words that run on"
        let folded = TextWrap.wrap(line + "\n" + "          " + String(repeating: "word ", count: 20), width: 40)
        let lines = folded.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        #expect(lines[0].hasPrefix("12.       [345]"))
        #expect(
            lines[1].hasPrefix(String(repeating: " ", count: 10))
                && !lines[1].hasPrefix(String(repeating: " ", count: 11)),
            "under the text after the number: \(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("          ") })
        // No word is cut: the words read back the same.
        #expect(
            folded.split(whereSeparator: { $0 == " " || $0 == "\n" })
                == (line + " " + String(repeating: "word ", count: 20))
                .split(separator: " "))
    }

    @Test func colourTakesNoRoomAndLongWordsStayWhole() {
        let coloured = "\u{1B}[1m1.\u{1B}[0m " + String(repeating: "ab ", count: 12)
        #expect(TextWrap.wrap(coloured, width: 40) == coloured, "37 visible columns fit in 40")
        let url = "https://example.org/" + String(repeating: "x", count: 60)
        #expect(TextWrap.wrap("see " + url, width: 30) == "see\n" + url)
        #expect(TextWrap.wrap("short", width: 30) == "short")
    }

    /// Columns as a terminal draws them: CJK and fullwidth characters take two.
    static func drawn(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            let wide = (0x2E80...0xA4CF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
            return width + (wide ? 2 : 1)
        }
    }

    @Test func cjkRunsBreakBetweenCharactersWithContinuationLinesUnderTheirText() {
        let indent = String(repeating: " ", count: 25)
        let text = "東京の写真です！週末に東京で撮影する予定です。とても楽しみにしています、「晴れ」だといいな。"
        let line = indent + "@hana: " + text + " see you"
        let lines = TextWrap.wrap(line, width: 50).split(separator: "\n").map(String.init)
        #expect(lines.count > 2, "\(lines)")
        #expect(lines.allSatisfy { Self.drawn($0) <= 50 }, "every line fits 50 columns: \(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix(indent) }, "continuations under the text: \(lines)")
        let starts = lines.dropFirst().map { $0.dropFirst(25).first }
        #expect(!starts.contains { "！。、」".contains($0 ?? " ") }, "no line starts with closing punctuation: \(lines)")
        #expect(!lines.contains { $0.hasSuffix("「") }, "no line ends with an opening bracket: \(lines)")
        // Nothing lost or doubled: the characters read back the same.
        let read = lines.map { $0.dropFirst(25) }.joined(separator: " ")
        #expect(read.filter { $0 != " " } == (line.filter { $0 != " " }), "\(lines)")
    }
}
