import Foundation

/// Text cut into words the way the SQLite archive's tokenizer (FTS5 `unicode61`) cuts it: a word is a
/// run of letters, numbers and private-use characters (with their combining marks); anything else
/// separates words. Both stores index the same words, so a query finds the same statuses in either:
/// PostgreSQL's own parser would read `user@host.example` or `x-y` as one token where SQLite reads
/// several. PostgreSQL then folds case and accents (the `icebox` configuration, with `unaccent`).
enum SearchWords {
    /// `text` with every word separated by one space, nothing else.
    static func spaced(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                if pendingSpace, !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return String(result)
    }

    /// The words of `text`.
    static func words(_ text: String) -> [String] {
        spaced(text).split(separator: " ").map(String.init)
    }

    /// Whether a scalar belongs to a word. An ASCII one is a word scalar exactly when it is a letter or a
    /// digit, answered without looking up its Unicode properties: most of a post's scalars are ASCII.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value | 0x20  // ASCII letters to lower case; digits keep their place
            return (0x61...0x7A).contains(value) || (0x30...0x39).contains(scalar.value)
        }
        return isWordCategory(scalar.properties.generalCategory)
    }

    /// Whether scalars of a Unicode category belong to words (letters, numbers, private use, marks).
    static func isWordCategory(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse,
            .nonspacingMark, .spacingMark, .enclosingMark:
            true
        default:
            false
        }
    }
}
