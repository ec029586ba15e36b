/// An optional field of a JSON record that is written as `null` when absent, where a synthesized
/// `Encodable` would leave the key out (`encodeIfPresent`): the records of `--json` keep every key, so
/// a reader finds the same fields whatever the run did. Read back, a missing key or a `null` is `nil`.
///
/// Declared on the field itself (`@EncodedAsNull public var error: String? = nil`), so the type keeps its
/// synthesized `Codable` instead of a hand-written `encode(to:)` that lists every field again.
@propertyWrapper
public struct EncodedAsNull<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// A field declared ``EncodedAsNull`` whose key is missing reads as `nil`, as a plain optional does.
    public func decode<Value>(_ type: EncodedAsNull<Value>.Type, forKey key: Key) throws -> EncodedAsNull<Value> {
        try decodeIfPresent(type, forKey: key) ?? EncodedAsNull(wrappedValue: nil)
    }
}
