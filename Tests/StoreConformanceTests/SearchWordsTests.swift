import Testing

@testable import ArchivePostgres

/// The words PostgreSQL indexes are cut as SQLite's `unicode61` cuts them (see `SearchWords`).
@Suite struct SearchWordsTests {
    /// The ASCII shortcut answers as the Unicode categories do, for every ASCII scalar.
    @Test func asciiScalarsAreWordsByTheirCategory() throws {
        for value in UInt32(0)..<0x80 {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(
                SearchWords.isWordScalar(scalar) == SearchWords.isWordCategory(scalar.properties.generalCategory),
                "U+\(String(value, radix: 16))")
        }
    }

    @Test func wordsAreSpacedAcrossScripts() {
        #expect(SearchWords.spaced("  user@host.example, x-y_z! ") == "user host example x y z")
        #expect(SearchWords.spaced("Café déjà-vu 東京 ½ ⅷ") == "Café déjà vu 東京 ½ ⅷ")
        #expect(SearchWords.spaced("e\u{301}t\u{e9} `^~") == "e\u{301}t\u{e9}")
    }
}
