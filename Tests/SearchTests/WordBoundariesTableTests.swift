import Testing

@testable import SearchQuery

/// `WordBoundaries` reads a scalar's kind from a table for the Basic Multilingual Plane: every entry is the
/// kind the scalar's Unicode properties give, and the texts beside a word or an emoji split the same.
@Suite struct WordBoundariesTableTests {
    @Test func everyScalarOfTheBasicPlaneHasTheKindItsPropertiesGive() {
        var differ: [UInt32] = []
        for value in UInt32(0)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if WordBoundaries.Kind.of(scalar) != WordBoundaries.Kind.lookedUp(scalar) { differ.append(value) }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10))")
        let above = Unicode.Scalar(0x1F914)!  // 🤔, above the table
        #expect(WordBoundaries.Kind.of(above) == .symbol)
    }

    @Test func cjkAndEmojiSplitWhereTheyTouch() {
        #expect(WordBoundaries.separatingSymbols("漢字🤔かな") == "漢字 🤔 かな")
        #expect(WordBoundaries.separatingSymbols("한국어👍🏽좋아") == "한국어 👍🏽 좋아")
        #expect(WordBoundaries.separatingSymbols("東京、大阪。") == "東京、大阪。")
        #expect(WordBoundaries.separatingSymbols("価格¥100") == "価格 ¥ 100")
    }

    /// Below U+2000 SQLite's own tables tell symbols from letters: such text comes back as it is, symbols
    /// and all; so does text above it with no symbol (curly quotes, dashes, CJK).
    @Test func textWithNothingToSeparateComesBackAsItIs() {
        #expect(WordBoundaries.separatingSymbols("C++ a=b $5 ©2026") == "C++ a=b $5 ©2026")
        #expect(WordBoundaries.separatingSymbols("“quoted”—東京") == "“quoted”—東京")
        #expect(WordBoundaries.separatingSymbols("“C++”") == "“C ++”")
    }
}
