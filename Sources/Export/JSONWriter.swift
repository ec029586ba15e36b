import Foundation
import Models

/// Builds JSON bytes with keys in the order they are written, pretty-printed with two spaces, and
/// embeds archived JSON byte for byte: the exported `thread.json` and `manifest.json` are stable and
/// keep each status exactly as the server sent it.
struct JSONWriter {
    private(set) var data = Data()
    private var indent = 0
    /// Whether the container being written already has a member (so the next needs a comma).
    private var hasMember: [Bool] = []

    /// `{`; members follow with `key(_:)` and a value.
    mutating func beginObject() { open("{") }
    mutating func endObject() { close("}") }
    mutating func beginArray() { open("[") }
    mutating func endArray() { close("]") }

    /// Starts an object member.
    mutating func key(_ name: String) {
        separate()
        append(Self.quoted(name) + ": ")
        pendingKey = true
    }

    /// A member with a string value (`null` for `nil`).
    mutating func member(_ name: String, _ value: String?) {
        key(name)
        string(value)
    }

    /// A member with a number value.
    mutating func member(_ name: String, _ value: Int64) {
        key(name)
        number(value)
    }

    /// The members every exported JSON document starts with.
    mutating func formatHeader() {
        member("format", "icebox-export")
        member("format_version", 1)
    }

    mutating func string(_ value: String?) { value.map { scalar(Self.quoted($0)) } ?? scalar("null") }
    mutating func number(_ value: Int64) { scalar(String(value)) }
    mutating func bool(_ value: Bool) { scalar(value ? "true" : "false") }

    /// Valid JSON from elsewhere, copied byte for byte.
    mutating func raw(_ json: Data) {
        beginValue()
        data.append(json)
    }

    private var pendingKey = false

    private mutating func scalar(_ text: String) {
        beginValue()
        append(text)
    }

    private mutating func open(_ bracket: String) {
        beginValue()
        append(bracket)
        indent += 1
        hasMember.append(false)
    }

    private mutating func close(_ bracket: String) {
        indent -= 1
        if hasMember.popLast() == true { newline() }
        append(bracket)
    }

    /// Before a value: a comma and new line inside arrays; nothing after a key.
    private mutating func beginValue() {
        if pendingKey {
            pendingKey = false
        } else {
            separate()
        }
    }

    private mutating func separate() {
        guard !hasMember.isEmpty else { return }
        if hasMember[hasMember.count - 1] { append(",") }
        hasMember[hasMember.count - 1] = true
        newline()
    }

    private mutating func newline() {
        append("\n" + String(repeating: "  ", count: indent))
    }

    private mutating func append(_ text: String) { data.append(contentsOf: text.utf8) }

    /// A JSON string literal: quotes, backslashes, control characters (C0 and C1) and bidirectional
    /// controls escaped, `/` left alone.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.isHiddenControl:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
