import Foundation
import Models

/// Writes a record as one compact JSON line for `--jsonl`, straight from its `Encodable` conformance (the
/// one `--json` and `--csv` use): the same bytes as `JSONOutput.line` followed by `HiddenControlEscaping`
/// (keys sorted, slashes unescaped, integral `Double`s without `.0`, dates in ISO 8601, hidden controls as
/// `\uXXXX`), at a fraction of `JSONEncoder`'s cost per record, which was most of a long `--jsonl` listing.
/// A value it does not write as `JSONEncoder` would (`URL`, `Data`, `Decimal`, a non-finite number) is
/// refused with `JSONLineEncoder.Unsupported`, and the caller falls back to `JSONEncoder`.
/// `JSONLineEncoderTests` holds it to `JSONEncoder`'s bytes.
enum JSONLineEncoder {
    struct Unsupported: Error {}

    /// `record` as one line of JSON, without the newline.
    static func line<T: Encodable>(_ record: T) throws -> [UInt8] {
        let slot = Slot()
        try JSONTreeEncoder(slot: slot, codingPath: []).encode(record)
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        slot.tree.write(to: &out)
        return out
    }
}

/// A value being built: what a container wrote where its encoder pointed.
private final class Slot {
    var tree = JSONTree.null
}

private final class ObjectBox {
    var members: [String: Slot] = [:]
}

private final class ArrayBox {
    var elements: [Slot] = []
}

private enum JSONTree {
    case null
    case literal(String)
    case string(String)
    case array(ArrayBox)
    case object(ObjectBox)

    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .literal(let text): out.append(contentsOf: text.utf8)
        case .string(let text): JSONTree.writeString(text, to: &out)
        case .array(let box):
            out.append(UInt8(ascii: "["))
            for (index, element) in box.elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.tree.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let box):
            out.append(UInt8(ascii: "{"))
            let keys = box.members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONTree.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                box.members[key]?.tree.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// A JSON string as `JSONEncoder` writes one (`"`, `\` and C0 controls escaped, `/` not), with the
    /// hidden controls escaped as `HiddenControlEscaping` does. Works on the UTF-8 bytes: runs that need
    /// nothing are copied whole, and a hidden control is found by its encoding (U+0080–U+009F are
    /// C2 80–C2 9F; U+061C is D8 9C; U+200E, U+200F, U+202A–U+202E are E2 80 8E/8F/AA–AE; U+2066–U+2069
    /// are E2 81 A6–A9).
    static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let (length, scalar) = escape(bytes, at: index)
                guard length > 0 else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                write(escaped: scalar, to: &out)
                index += length
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// How many bytes at `index` make a scalar that is written escaped, and that scalar; 0 when the
    /// byte is written as it is.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, UInt32) {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { return (1, UInt32(byte)) }
        guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2, index + 1 < bytes.count else { return (0, 0) }
        let second = bytes[index + 1]
        switch byte {
        case 0xC2 where (0x80...0x9F).contains(second): return (2, UInt32(second))
        case 0xD8 where second == 0x9C: return (2, 0x061C)
        case 0xE2 where index + 2 < bytes.count && (second == 0x80 || second == 0x81):
            let third = bytes[index + 2]
            let scalar = 0x2000 + (UInt32(second & 0x3F) << 6) + UInt32(third & 0x3F)
            return Unicode.Scalar(scalar)?.isHiddenControl == true ? (3, scalar) : (0, 0)
        default: return (0, 0)
        }
    }

    private static func write(escaped scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0x22: out.append(contentsOf: #"\""#.utf8)
        case 0x5C: out.append(contentsOf: #"\\"#.utf8)
        case 0x08: out.append(contentsOf: #"\b"#.utf8)
        case 0x0C: out.append(contentsOf: #"\f"#.utf8)
        case 0x0A: out.append(contentsOf: #"\n"#.utf8)
        case 0x0D: out.append(contentsOf: #"\r"#.utf8)
        case 0x09: out.append(contentsOf: #"\t"#.utf8)
        default:
            out.append(contentsOf: #"\u"#.utf8)
            for shift in [12, 8, 4, 0] { out.append(hex[Int((scalar >> UInt32(shift)) & 0xF)]) }
        }
    }
}

/// The `Encoder` a record's `encode(to:)` writes through; each nested value gets one of its own.
private struct JSONTreeEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: ObjectBox
        if case .object(let existing) = slot.tree {
            box = existing
        } else {
            box = ObjectBox()
            slot.tree = .object(box)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: ArrayBox
        if case .array(let existing) = slot.tree {
            box = existing
        } else {
            box = ArrayBox()
            slot.tree = .array(box)
        }
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }

    /// `value` into this encoder's slot: the common scalars directly, anything else through its own
    /// `encode(to:)`; a type `JSONEncoder` special-cases is refused.
    func encode<T: Encodable>(_ value: T) throws {
        switch value {
        case let text as String: slot.tree = .string(text)
        case let flag as Bool: slot.tree = .literal(flag ? "true" : "false")
        case let number as Double: slot.tree = .literal(try Self.number(number))
        case let number as any BinaryInteger: slot.tree = .literal(String(describing: number))
        case let date as Date: slot.tree = .string(date.formatted(.iso8601))
        case is URL, is Data, is Decimal, is Float, is Float16: throw JSONLineEncoder.Unsupported()
        default: try value.encode(to: self)
        }
    }

    /// A `Double` as `JSONEncoder` writes it: its description, an integral one without `.0`.
    private static func number(_ value: Double) throws -> String {
        guard value.isFinite else { throw JSONLineEncoder.Unsupported() }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A fresh slot at `path`, and the encoder that writes into it.
    static func child(at path: [any CodingKey]) -> (Slot, JSONTreeEncoder) {
        let slot = Slot()
        return (slot, JSONTreeEncoder(slot: slot, codingPath: path))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.members[key.stringValue] = Slot() }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let (slot, nested) = JSONTreeEncoder.child(at: codingPath + [key])
        try nested.encode(value)
        box.members[key.stringValue] = slot
    }

    // The primitive requirements, each through the one generic path above.
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(any: value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encode(any: value, key) }

    private mutating func encode<T: Encodable>(any value: T, _ key: Key) throws {
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let (slot, nested) = JSONTreeEncoder.child(at: codingPath + [key])
        box.members[key.stringValue] = slot
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let (slot, nested) = JSONTreeEncoder.child(at: codingPath + [key])
        box.members[key.stringValue] = slot
        return nested.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let (slot, nested) = JSONTreeEncoder.child(at: codingPath + [key])
        box.members[key.stringValue] = slot
        return nested
    }
}

private struct IndexKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.elements.count }

    private mutating func next() -> (Slot, JSONTreeEncoder) {
        let child = JSONTreeEncoder.child(at: codingPath + [IndexKey(box.elements.count)])
        box.elements.append(child.0)
        return child
    }

    mutating func encodeNil() throws { _ = next() }

    mutating func encode<T: Encodable>(_ value: T) throws { try next().1.encode(value) }
    mutating func encode(_ value: Bool) throws { try next().1.encode(value) }
    mutating func encode(_ value: String) throws { try next().1.encode(value) }
    mutating func encode(_ value: Double) throws { try next().1.encode(value) }
    mutating func encode(_ value: Float) throws { try next().1.encode(value) }
    mutating func encode(_ value: Int) throws { try next().1.encode(value) }
    mutating func encode(_ value: Int8) throws { try next().1.encode(value) }
    mutating func encode(_ value: Int16) throws { try next().1.encode(value) }
    mutating func encode(_ value: Int32) throws { try next().1.encode(value) }
    mutating func encode(_ value: Int64) throws { try next().1.encode(value) }
    mutating func encode(_ value: UInt) throws { try next().1.encode(value) }
    mutating func encode(_ value: UInt8) throws { try next().1.encode(value) }
    mutating func encode(_ value: UInt16) throws { try next().1.encode(value) }
    mutating func encode(_ value: UInt32) throws { try next().1.encode(value) }
    mutating func encode(_ value: UInt64) throws { try next().1.encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        next().1.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().1.unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { next().1 }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.slot.tree = .null }

    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encode(value) }
    mutating func encode(_ value: Bool) throws { try encoder.encode(value) }
    mutating func encode(_ value: String) throws { try encoder.encode(value) }
    mutating func encode(_ value: Double) throws { try encoder.encode(value) }
    mutating func encode(_ value: Float) throws { try encoder.encode(value) }
    mutating func encode(_ value: Int) throws { try encoder.encode(value) }
    mutating func encode(_ value: Int8) throws { try encoder.encode(value) }
    mutating func encode(_ value: Int16) throws { try encoder.encode(value) }
    mutating func encode(_ value: Int32) throws { try encoder.encode(value) }
    mutating func encode(_ value: Int64) throws { try encoder.encode(value) }
    mutating func encode(_ value: UInt) throws { try encoder.encode(value) }
    mutating func encode(_ value: UInt8) throws { try encoder.encode(value) }
    mutating func encode(_ value: UInt16) throws { try encoder.encode(value) }
    mutating func encode(_ value: UInt32) throws { try encoder.encode(value) }
    mutating func encode(_ value: UInt64) throws { try encoder.encode(value) }
}
