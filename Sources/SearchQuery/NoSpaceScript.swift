import Foundation

/// Text in scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer,
/// Myanmar), cut into overlapping two-character pieces so that any substring of two characters or
/// more can be found through a word index: 東京タワー → 東京 京タ タワ ワー.
public enum NoSpaceScript {
    /// Whether a character belongs to a script written without spaces.
    public static func contains(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true  // Hiragana, Katakana
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true  // Han
            case 0x0E00...0x0EFF: true  // Thai, Lao
            case 0x1780...0x17FF, 0x1000...0x109F: true  // Khmer, Myanmar
            default: false
            }
        }
    }

    /// The runs of such text in `text`, each at least one character long.
    public static func runs(in text: String) -> [[Character]] {
        // Every script above starts at U+0E00: text without such a scalar (most text) has no run, found in
        // one pass over its scalars instead of one over its characters.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x0E00 }) else { return [] }
        var runs: [[Character]] = []
        var current: [Character] = []
        for character in text {
            if contains(character) {
                current.append(character)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// The two-character pieces of one run (a one-character run is kept whole).
    public static func bigrams(_ run: [Character]) -> [String] {
        guard run.count > 1 else { return run.map(String.init) }
        return (0..<(run.count - 1)).map { String(run[$0]) + String(run[$0 + 1]) }
    }

    /// What the archive stores for a status's texts: every run's pieces, runs separated by a `0`
    /// token (never part of a query's pieces) so that a phrase cannot match across two runs.
    public static func indexText(_ texts: [String]) -> String {
        texts.flatMap { runs(in: $0) }.map { bigrams($0).joined(separator: " ") }.joined(separator: " 0 ")
    }
}
