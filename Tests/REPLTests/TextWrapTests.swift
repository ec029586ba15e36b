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
}
