import Foundation

/// Hashtag names compared as Mastodon compares them (its `HashtagNormalizer`): compatibility forms
/// folded (NFKC: full-width ｃａｆé is café), lower case, Latin letters folded to ASCII (café is cafe, ß is
/// ss), and anything but letters, marks, digits and `_` dropped. `#Café`, `#CAFE` and `#cafe` are one tag.
public enum Hashtag {
    /// The name as the archive stores and compares it; empty when nothing of it is left.
    public static func normalized(_ name: String) -> String {
        let folded = name.precomposedStringWithCompatibilityMapping.lowercased()
        var result = ""
        result.reserveCapacity(folded.utf8.count)
        for character in folded {
            if character.isASCII {
                if character.isLetter || character.isNumber || character == "_" { result.append(character) }
                continue
            }
            if let replacement = latinSpecials[character] {
                result += replacement
                continue
            }
            if isLatin(character) {
                // Latin with diacritics: the base letters, the combining marks left out.
                for scalar in String(character).decomposedStringWithCanonicalMapping.unicodeScalars
                where !(0x0300...0x036F).contains(scalar.value) {
                    result.unicodeScalars.append(scalar)
                }
                continue
            }
            let keep =
                character.isLetter || character.isNumber
                || character.unicodeScalars.contains {
                    [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory)
                }
            if keep { result.append(character) }
        }
        return result
    }

    /// Whether `name` (normalized) can be a hashtag: Mastodon's need a letter or `_` besides digits.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.contains { $0 == "_" || $0.isLetter }
    }

    /// A list of tag names as the archive's `tag_names` column holds them: normalized, space-separated.
    public static func column(_ names: [String]) -> String {
        names.map(normalized).filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func isLatin(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first?.value else { return false }
        return (0x00C0...0x024F).contains(first) || (0x1E00...0x1EFF).contains(first)
    }

    /// Latin letters with no canonical decomposition that ASCII folding still spells out.
    private static let latinSpecials: [Character: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i", "ħ": "h",
    ]
}
