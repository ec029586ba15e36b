import Foundation

/// The one shape of every `--json`, `--jsonl` and `--csv` output (see `docs/json.md`): keys sorted;
/// dates in ISO 8601 UTC. The keys (snake_case) and the nulls are each record's own: every record kind
/// declares its `CodingKeys` and encodes an absent value as `null` (`@EncodedAsNull` on the field, or
/// `encode` in a hand-written encoder, never `encodeIfPresent`), so what is printed is what the type
/// says, with nothing added or renamed afterwards.
enum JSONOutput {
    /// Pretty, key-sorted JSON, for `--json`.
    static func pretty<T: Encodable>(_ value: T) throws -> Data {
        try encoder([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]).encode(value)
    }

    /// One compact line, for `--jsonl`.
    static func line<T: Encodable>(_ value: T) throws -> Data {
        try encoder([.sortedKeys, .withoutEscapingSlashes]).encode(value)
    }

    private static func encoder(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
