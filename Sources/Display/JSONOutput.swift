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
        try encoder([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]).encode(value)
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
