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
}
