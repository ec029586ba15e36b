import Foundation

/// A value bound to a statement, the same in either dialect: each store turns it into its driver's own
/// (GRDB's `DatabaseValue`, PostgresNIO's bindings).
package enum SQLArgument: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case bool(Bool)
    case bytes(Data)
    /// A list of numbers, read by ``SQLDialect/isAny(_:of:)``.
    case ints([Int64])
    /// A list of texts, read by ``SQLDialect/isAny(_:of:)``.
    case texts([String])
}

extension SQLArgument {
    /// A cell copied between stores (see `StoreRows`), as an argument.
    package init(_ value: CopyValue) {
        switch value {
        case .null: self = .null
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .text(let text): self = .text(text)
        case .bytes(let data): self = .bytes(data)
        }
    }
}

extension SQLArgument {
    /// Text, or NULL.
    package static func text(orNull value: String?) -> Self { value.map { .text($0) } ?? .null }
    /// A number, or NULL.
    package static func int(orNull value: Int64?) -> Self { value.map { .int($0) } ?? .null }
}
