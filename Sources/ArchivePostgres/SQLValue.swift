import Foundation
import NIOCore
import PostgresNIO

/// A value bound to a statement's `$n` placeholder: what the archive stores is text, integers,
/// booleans, floats and bytes, each possibly NULL.
enum SQLValue: Sendable {
    case text(String?)
    case int(Int64?)
    case bool(Bool?)
    case double(Double?)
    case bytes(Data?)
    case textArray([String])
    case intArray([Int64])
    /// One column of many rows, as an array that `unnest` turns back into rows (see `columns(of:)`).
    case texts([String?])
    case integers([Int64?])
    case booleans([Bool?])
    case blobs([Data?])
    case doubles([Double?])

    func append(to bindings: inout PostgresBindings) {
        switch self {
        case .text(let value):
            // PostgreSQL's text cannot hold U+0000, which JSON can (`\u0000`): the derived columns carry
            // U+FFFD instead; the raw JSON (bytea) keeps the bytes as sent.
            bindings.append(value.map(Self.withoutNUL))
        case .int(let value): bindings.append(value)
        case .bool(let value): bindings.append(value)
        case .double(let value): bindings.append(value)
        case .bytes(let value):
            if let value { bindings.append(ByteBuffer(bytes: value)) } else { bindings.appendNull() }
        case .textArray(let values): bindings.append(values)
        case .intArray(let values): bindings.append(values)
        case .texts(let values): bindings.append(NullableArray(values.map { $0.map(Self.withoutNUL) }))
        case .integers(let values): bindings.append(NullableArray(values))
        case .booleans(let values): bindings.append(NullableArray(values))
        case .blobs(let values): bindings.append(NullableArray(values.map { $0.map { ByteBuffer(bytes: $0) } }))
        case .doubles(let values): bindings.append(NullableArray(values))
        }
    }
}

extension SQLValue {
    /// PostgreSQL's text cannot hold U+0000: `text` with U+FFFD in its place.
    static func withoutNUL(_ text: String) -> String {
        text.utf8.contains(0) ? text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text
    }
}

extension SQLValue: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    init(integerLiteral value: Int64) { self = .int(value) }
}
