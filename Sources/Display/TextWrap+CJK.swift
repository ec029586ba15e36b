import Foundation

extension TextWrap {
    /// A part of a word placed on one line: whether it starts a new line, its text and its columns.
    struct Piece {
        var startsLine: Bool
        var text: String
        var width: Int
    }

    /// Whether a word may break inside: it holds a wide (CJK) character, before or after which a line
    /// may end (UAX #14 treats ideographs, kana and hangul syllables as break opportunities).
    static func isBreakable(_ word: Substring) -> Bool {
        word.unicodeScalars.contains { isWide($0) }
    }

    /// `word` cut between its characters where a line may break: the first piece fits in `first`
    /// columns (it may be empty), each next one in `rest`. A break falls only next to a wide character,
    /// never before closing punctuation (`。`, `！`, `」`…) nor after opening (`「`, `（`…), and never
    /// inside a colour code.
    static func pieces(of word: Substring, first: Int, rest: Int) -> [Piece] {
        var pieces: [Piece] = []
        var text = ""
        var width = 0
        var room = first
        var starts = false
        // Where the current piece may be cut last: the index in `text` and the width before it.
        var lastBreak: (index: String.Index, width: Int)?
        var previous: Character?
        for unit in units(of: word) {
            let unitWidth = columns(unit)
            if let previous, unitWidth > 0, mayBreak(between: previous, and: Character(unit)) {
                lastBreak = (text.endIndex, width)
            }
            if width + unitWidth > room, let cut = lastBreak {
                pieces.append(Piece(startsLine: starts, text: String(text[..<cut.index]), width: cut.width))
                text = String(text[cut.index...])
                width -= cut.width
                room = rest
                starts = true
                lastBreak = nil
            } else if width + unitWidth > room, width == 0, !starts, pieces.isEmpty {
                // Nothing fits on what is left of the line: the word starts the next one.
                room = rest
                starts = true
            }
            text += unit
            width += unitWidth
            if unitWidth > 0 { previous = Character(unit) }
        }
        pieces.append(Piece(startsLine: starts, text: text, width: width))
        return pieces.filter { !$0.text.isEmpty || $0.startsLine }
    }

    /// A word's characters, each colour code (`ESC[…m`) kept whole as one unit.
    private static func units(of word: Substring) -> [String] {
        var units: [String] = []
        var escape: String?
        for character in word {
            if var open = escape {
                open.append(character)
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), character != "[" {
                    units.append(open)
                    escape = nil
                } else {
                    escape = open
                }
            } else if character == "\u{1B}" {
                escape = String(character)
            } else {
                units.append(String(character))
            }
        }
        if let escape { units.append(escape) }
        return units
    }

    /// Whether a line may end between `before` and `after`.
    private static func mayBreak(between before: Character, and after: Character) -> Bool {
        guard let left = before.unicodeScalars.first, let right = after.unicodeScalars.first else { return false }
        guard isWide(left) || isWide(right) else { return false }
        return !noLineStart.contains(right.value) && !noLineEnd.contains(left.value)
    }

    /// Closing punctuation, small kana and marks that never begin a line (JIS X 4051 kinsoku).
    private static let noLineStart: Set<UInt32> = Set(
        "、。，．・：；？！゛゜ヽヾゝゞ々ー…‥」』）〕］｝〉》】〙〗〟’”｠»ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ!?,.:;)]}"
            .unicodeScalars.map(\.value))
    /// Opening brackets and quotes that never end a line.
    private static let noLineEnd: Set<UInt32> = Set("「『（〔［｛〈《【〘〖〝‘“｟«([{".unicodeScalars.map(\.value))
}
