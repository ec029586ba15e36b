import Foundation
import Models

/// The one shape of every `--json`, `--jsonl` and `--csv` output (see `docs/json.md`): keys sorted;
/// dates in ISO 8601 UTC. The keys (snake_case) and the nulls are each record's own: every record kind
/// declares its `CodingKeys` and encodes an absent value as `null` (`@EncodedAsNull` on the field, or
/// `encode` in a hand-written encoder, never `encodeIfPresent`), so what is printed is what the type
/// says, with nothing added or renamed afterwards. `icebox serve` answers `Accept: application/json`
/// with the same bytes as `--json`.
public enum JSONOutput {
    /// Pretty, key-sorted JSON, for `--json`.
    public static func pretty<T: Encodable>(_ value: T) throws -> Data {
        emptyContainersClosed(try encoder([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]).encode(value))
    }

    /// Foundation on Linux prints an empty array or object, pretty, as an opening bracket, a blank line
    /// and the closing one (`[\n\n]`); Darwin's and every other JSON tool print `[]` and `{}`. A
    /// string holds no raw newline in JSON, so a bracket, two newlines with only spaces between and
    /// the matching bracket are always an empty container.
    static func emptyContainersClosed(_ json: Data) -> Data {
        let bytes = [UInt8](json)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            out.append(byte)
            index += 1
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
            let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            var look = index
            var newlines = 0
            while look < bytes.count, bytes[look] == UInt8(ascii: "\n") || bytes[look] == UInt8(ascii: " ") {
                if bytes[look] == UInt8(ascii: "\n") { newlines += 1 }
                look += 1
            }
            if newlines == 2, look < bytes.count, bytes[look] == closing {
                out.append(closing)
                index = look + 1
            }
        }
        return Data(out)
    }

    /// One compact line, for `--jsonl`.
    public static func line<T: Encodable>(_ value: T) throws -> Data {
        try encoder([.sortedKeys, .withoutEscapingSlashes]).encode(value)
    }

    /// What `--json` prints: ``pretty(_:)`` with C1 and bidirectional controls escaped, and a newline.
    public static func document<T: Encodable>(_ value: T) throws -> Data {
        HiddenControlEscaping.escaping(try pretty(value)) + Data("\n".utf8)
    }

    private static func encoder(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
