import Foundation

extension Unicode.Scalar {
    /// C1 controls (U+0080–U+009F: a terminal may take U+009B as CSI) and the bidirectional formatting
    /// characters that make text read differently from what it is (overrides U+202A–U+202E, isolates
    /// U+2066–U+2069, marks U+200E, U+200F and U+061C). A post can carry any of them; Icebox never writes
    /// them raw: JSON escapes them, Markdown, CSV and the terminal drop them.
    public var isHiddenControl: Bool {
        switch value {
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension String {
    /// The text without `isHiddenControl` scalars.
    public var hiddenControlsRemoved: String {
        guard unicodeScalars.contains(where: \.isHiddenControl) else { return self }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: unicodeScalars.lazy.filter { !$0.isHiddenControl })
        return String(out)
    }
}

/// JSON whose strings cannot hide controls: every `isHiddenControl` scalar written as `\uXXXX`.
public enum HiddenControlEscaping {
    /// `json` (valid UTF-8 JSON, as `JSONEncoder` writes it) with each hidden control escaped. Such a
    /// scalar can only occur inside a string, where the escape means the same character, so the
    /// document decodes to the same values.
    public static func escaping(_ json: Data) -> Data {
        let text = String(decoding: json, as: UTF8.self)
        guard text.unicodeScalars.contains(where: \.isHiddenControl) else { return json }
        var out = ""
        out.reserveCapacity(json.count + 16)
        for scalar in text.unicodeScalars {
            if scalar.isHiddenControl {
                out += String(format: "\\u%04x", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return Data(out.utf8)
    }
}
