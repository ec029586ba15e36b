import Foundation

/// Long lines folded to a terminal's width, as a reader wants them: breaks between words (and inside a
/// run of CJK text, between its characters: see `TextWrap+CJK`), and
/// each continuation line indented like the text it continues (under the text of a numbered item,
/// not under its number), so a deep thread keeps its shape.
public enum TextWrap {
    /// `text` with every line longer than `width` columns folded. Colour codes (`ESC[…m`) take no
    /// room; a word longer than a whole line is left whole (never cut). `width` below 20 is read as 20.
    public static func wrap(_ text: String, width: Int) -> String {
        let width = max(width, 20)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLine(String($0), width: width) }.joined(separator: "\n")
    }

    static func wrapLine(_ line: String, width: Int) -> String {
        guard columns(line) > width else { return line }
        let prefixLength = hangingIndent(line)
        let hanging = min(prefixLength, width / 2)
        let indent = String(repeating: " ", count: hanging)
        // The indentation and a list number stay as written on the first line.
        let leading = line.prefix(prefixLength)
        let words = line.dropFirst(prefixLength).split(separator: " ", omittingEmptySubsequences: true)
        var lines: [String] = []
        var current = String(leading)
        var currentWidth = leading.count
        var empty = true
        for word in words {
            let wordWidth = columns(String(word))
            let space = empty ? 0 : 1
            if currentWidth + space + wordWidth > width, isBreakable(word) {
                // A run of CJK text has no spaces: it breaks between its characters instead.
                for piece in pieces(of: word, first: width - currentWidth - space, rest: width - hanging) {
                    if piece.startsLine {
                        lines.append(current)
                        current = indent + piece.text
                        currentWidth = hanging + piece.width
                    } else {
                        current += (empty ? "" : " ") + piece.text
                        currentWidth += space + piece.width
                    }
                    empty = false
                }
            } else if !empty && currentWidth + 1 + wordWidth > width {
                lines.append(current)
                current = indent + word
                currentWidth = hanging + wordWidth
            } else {
                current += (empty ? "" : " ") + word
                currentWidth += space + wordWidth
            }
            empty = false
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// Where continuation lines start: after the leading spaces, and after a list number (`12. `)
    /// and the spaces that follow it.
    static func hangingIndent(_ line: String) -> Int {
        var count = 0
        var characters = Substring(line)
        let leading = characters.prefix { $0 == " " }
        count += leading.count
        characters = characters.dropFirst(leading.count)
        let digits = characters.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, characters.dropFirst(digits.count).hasPrefix(". ") {
            characters = characters.dropFirst(digits.count + 1)
            count += digits.count + 1
            let spaces = characters.prefix { $0 == " " }
            count += spaces.count
        }
        return count
    }

    /// The columns `text` takes: colour codes take none, East Asian wide characters two.
    static func columns(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark
                || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
            {
                continue
            }
            width += isWide(scalar) ? 2 : 1
        }
        return width
    }

    /// East Asian wide characters (CJK, kana, hangul, fullwidth forms, emoji): two columns each.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
            || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
            || (0xFF00...0xFF60).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
            || (0x20000...0x3FFFD).contains(scalar.value)
    }
}
