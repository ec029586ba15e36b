import Foundation

/// One CSV field, as a record's `encode(to:)` gave it.
enum CSVCell: Equatable {
    case null
    case text(String)
    /// A number, written as `--json` writes it (an integral `Double` without `.0`).
    case number(String)
    case flag(Bool)
    case list([CSVCell])
}

/// Reads a record's fields for `--csv` straight from its `Encodable` conformance, the same one
/// `--json` uses: the keys and the nulls are the record's own, and nothing is encoded to JSON and
/// parsed back. A field is a value or a list of values; a record whose field is itself an object is
/// refused (`EncodingError.invalidValue`).
enum CSVRecordEncoder {
    /// `record`'s top-level fields by key.
    static func fields<T: Encodable>(of record: T) throws -> [String: CSVCell] {
        let encoder = CellEncoder(codingPath: [])
        try record.encode(to: encoder)
        try encoder.box.refuseObject(record)
        return encoder.box.fields
    }
}

/// What the encoders write into, shared by a record's containers.
private final class CellBox {
    var fields: [String: CSVCell] = [:]
    var cell = CSVCell.null
    var list: [CSVCell] = []
    /// Where a field held an object, which a CSV field cannot.
    var objectAt: [any CodingKey]?

    func refuseObject(_ value: Any) throws {
        guard let path = objectAt else { return }
        throw EncodingError.invalidValue(
            value, .init(codingPath: path, debugDescription: "a CSV field cannot hold an object"))
    }
}

/// The encoder of a record (its keyed container fills `fields`) or of one field (a single value or a list).
private struct CellEncoder: Encoder {
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var box = CellBox()

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FieldContainer<Key>(codingPath: codingPath, box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ListContainer(codingPath: codingPath, box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueContainer(codingPath: codingPath, box: box)
    }

    /// The cell `value` makes at `path`.
    static func cell<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> CSVCell {
        if let scalar = try scalar(value, at: path) { return scalar }
        let encoder = CellEncoder(codingPath: path)
        try value.encode(to: encoder)
        if !encoder.box.fields.isEmpty { encoder.box.objectAt = encoder.box.objectAt ?? path }
        try encoder.box.refuseObject(value)
        return encoder.box.list.isEmpty ? encoder.box.cell : .list(encoder.box.list)
    }

    /// Values `--json` writes its own way: dates in ISO 8601, numbers as JSON numbers.
    private static func scalar<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> CSVCell? {
        switch value {
        case let date as Date: .text(date.formatted(.iso8601))
        case let number as Double: try .number(text(number, at: path))
        case let number as Float: try .number(text(Double(number), at: path))
        case let url as URL: .text(url.absoluteString)
        default: nil
        }
    }

    /// A `Double` as `JSONEncoder` writes it: its description, an integral value without `.0`.
    static func text(_ number: Double, at path: [any CodingKey]) throws -> String {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, .init(codingPath: path, debugDescription: "not a JSON number"))
        }
        let text = String(number)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// A record's fields, by key.
private struct FieldContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey]
    let box: CellBox

    mutating func encodeNil(forKey key: Key) throws { box.fields[key.stringValue] = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.fields[key.stringValue] = .flag(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.fields[key.stringValue] = .text(value) }
    /// Numbers too (a generic witness of each number requirement): ``CellEncoder/cell(_:at:)`` writes them.
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encode(cell: value, forKey: key) }

    private mutating func encode<T: Encodable>(cell value: T, forKey key: Key) throws {
        box.fields[key.stringValue] = try CellEncoder.cell(value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        box.objectAt = box.objectAt ?? codingPath + [key]
        return KeyedEncodingContainer(FieldContainer<NestedKey>(codingPath: codingPath + [key], box: CellBox()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let list = CellBox()
        box.fields[key.stringValue] = .list([])
        return ListContainer(codingPath: codingPath + [key], box: list) { [box] in
            box.fields[key.stringValue] = .list($0)
        }
    }

    /// A superclass's fields are the record's too.
    mutating func superEncoder() -> any Encoder { CellEncoder(codingPath: codingPath, box: box) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        box.objectAt = box.objectAt ?? codingPath + [key]
        return CellEncoder(codingPath: codingPath + [key])
    }
}

/// A field that is a list of values.
private struct ListContainer: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey]
    let box: CellBox
    /// Called with the list after each element, for a list nested in a record.
    var changed: ([CSVCell]) -> Void = { _ in }
    var count: Int { box.list.count }

    private mutating func append(_ cell: CSVCell) {
        box.list.append(cell)
        changed(box.list)
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.flag(value)) }
    mutating func encode(_ value: String) throws { append(.text(value)) }
    /// Numbers too (a generic witness of each number requirement): ``CellEncoder/cell(_:at:)`` writes them.
    mutating func encode<T: Encodable>(_ value: T) throws { try encode(cell: value) }

    private mutating func encode<T: Encodable>(cell value: T) throws {
        append(try CellEncoder.cell(value, at: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        box.objectAt = box.objectAt ?? codingPath
        return KeyedEncodingContainer(FieldContainer<NestedKey>(codingPath: codingPath, box: CellBox()))
    }

    /// A list in a list is not a CSV field either.
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        box.objectAt = box.objectAt ?? codingPath
        return ListContainer(codingPath: codingPath, box: CellBox())
    }

    mutating func superEncoder() -> any Encoder {
        box.objectAt = box.objectAt ?? codingPath
        return CellEncoder(codingPath: codingPath)
    }
}

/// A field that is one value.
private struct ValueContainer: SingleValueEncodingContainer {
    var codingPath: [any CodingKey]
    let box: CellBox

    mutating func encodeNil() throws { box.cell = .null }
    mutating func encode(_ value: Bool) throws { box.cell = .flag(value) }
    mutating func encode(_ value: String) throws { box.cell = .text(value) }
    mutating func encode(_ value: Double) throws { box.cell = .number(try CellEncoder.text(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    /// Every integer width (a generic witness of each requirement).
    mutating func encode<T: FixedWidthInteger & Encodable>(_ value: T) throws { box.cell = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.cell = try CellEncoder.cell(value, at: codingPath) }
}
