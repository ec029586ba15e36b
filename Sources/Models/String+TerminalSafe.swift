import Foundation

extension String {
    /// Whether the text is an `http(s)` link, the only kind a page or an export links to (never
    /// `javascript:`, `data:` or `file:`).
    public var isWebLink: Bool {
        let scheme = prefix(8).lowercased()
        return scheme.hasPrefix("https://") || scheme.hasPrefix("http://")
    }

    /// Terminal-safe and on one line: line breaks and tabs become spaces too, so that text a server sent
    /// can neither fake a row of a listing nor a column of a tab-separated one.
    public var terminalSafeLine: String {
        terminalSafe.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }

    /// The text with terminal control sequences removed, safe to print: ESC sequences (CSI, OSC…),
    /// other C0 and C1 controls (newlines and tabs are kept), and the bidirectional controls that can
    /// disguise what a line says (`isHiddenControl`). Everything a server sends goes through this before it is printed.
    public var terminalSafe: String {
        // Most text has nothing to drop: one look at it, and the text itself comes back.
        guard unicodeScalars.contains(where: \.isDroppedOnTerminal) else { return self }
        var result = String.UnicodeScalarView()
        var scalars = unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                // ESC: drop the whole sequence. CSI (ESC [) runs to a final byte 0x40–0x7E;
                // OSC/DCS/PM/APC (ESC ] P ^ _) run to BEL or ESC \; others are two characters.
                guard let kind = scalars.next() else { break }
                if kind == "[" {
                    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
                } else if "]P^_X".unicodeScalars.contains(kind) {
                    while let next = scalars.next(), next.value != 0x07, next.value != 0x9C {
                        if next.value == 0x1B {
                            _ = scalars.next()
                            break
                        }
                    }
                }
            case _ where scalar.isDroppedOnTerminal:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}

extension Unicode.Scalar {
    /// Whether `String.terminalSafe` drops this scalar (or the sequence it starts): a C0 control other
    /// than newline and tab, DEL, or a hidden control.
    var isDroppedOnTerminal: Bool {
        switch value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F: true
        case 0x20...0x7E: false
        default: isHiddenControl
        }
    }
}
