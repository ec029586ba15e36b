import Foundation

/// Word boundaries that SQLite's `unicode61` tokenizer cannot see by itself.
///
/// `unicode61` classifies characters with Unicode 6.1's tables: any character assigned since (🤔 is
/// from Unicode 8, 🫠 from 14) counts as a letter, so "eingeschlafen🤔" is indexed as one token and the
/// word cannot be found. Swift knows the Unicode version of the toolchain it was built with, and treats
/// characters it does not know either as symbols: text for the index gets a space wherever a word
/// touches an emoji or other symbol, whichever Unicode version it is from. A query goes through the
/// same, so "eingeschlafen🤔" in a query is the phrase of the word and the emoji.
public enum WordBoundaries {
    /// `text` with a space between each word character and an emoji or symbol glued to it; text with no
    /// such place is returned as it is (text with no character at U+2000 or above always is).
    public static func separatingSymbols(_ text: String) -> String {
        // Emoji and the symbols assigned since Unicode 6.1 all lie at U+2000 and above; below it,
        // SQLite's tables already tell symbols from letters. Most text (ASCII, accented Latin, Cyrillic,
        // Greek…) is returned after one pass over its scalars, with no grapheme look-up; so is text
        // with no symbol at all (CJK without emoji): a character is a symbol only by a scalar of it.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x2000 }),
            text.unicodeScalars.contains(where: { Kind.of($0) == .symbol })
        else { return text }
        var result = ""
        var previous: Kind = .other
        var changed = false
        for character in text {
            let kind = Kind(character)
            if (previous == .word && kind == .symbol) || (previous == .symbol && kind == .word) {
                result.append(" ")
                changed = true
            }
            result.append(character)
            previous = kind
        }
        return changed ? result : text
    }

    /// What a character is to the index: part of a word, a symbol (emoji too), or neither (space,
    /// punctuation): a symbol when any of its scalars is one, else a word when any of them is a letter,
    /// number or mark.
    enum Kind: UInt8 {
        case word, symbol, other

        init(_ character: Character) {
            var sawWord = false
            for scalar in character.unicodeScalars {
                switch Self.of(scalar) {
                case .symbol:
                    self = .symbol
                    return
                case .word: sawWord = true
                case .other: break
                }
            }
            self = sawWord ? .word : .other
        }

        /// One scalar's kind: from a table for the Basic Multilingual Plane (where CJK, Cyrillic and the
        /// rest of most text lie), looked up in the scalar's properties above it. The table is filled from
        /// the same look-up once, so the two never differ.
        static func of(_ scalar: Unicode.Scalar) -> Kind {
            scalar.value < 0x10000 ? basicPlane[Int(scalar.value)] : lookedUp(scalar)
        }

        private static let basicPlane: [Kind] = (0..<0x10000).map { value in
            Unicode.Scalar(UInt32(value)).map(lookedUp) ?? .other
        }

        /// A scalar's kind from its Unicode properties.
        static func lookedUp(_ scalar: Unicode.Scalar) -> Kind {
            let properties = scalar.properties
            if properties.isEmojiPresentation || properties.isEmojiModifier || properties.isVariationSelector
                || scalar.value == 0x20E3 || scalar.value == 0x200D
            {
                return .symbol
            }
            switch properties.generalCategory {
            case .otherSymbol, .mathSymbol, .modifierSymbol, .currencySymbol, .unassigned, .privateUse:
                return .symbol
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                return .word
            default:
                return .other
            }
        }
    }
}
