import Foundation

/// Statements over a table named at run time, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``): a page of its rows in key order (`icebox migrate` copies tables so, see
/// `StoreRows`) and rows inserted, one or many.
package enum TableStatements {
    /// A page of a table's rows: ?1 how many, ?2 how many to skip; `order` the key expressions.
    package static func page(_ columns: [String], of table: String, orderedBy order: [String]) -> String {
        "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(order.joined(separator: ", "))"
            + " LIMIT ?1 OFFSET ?2"
    }

    /// Rows into `target` (a table, with its columns when not all): `rows` the tuples, `(…), (…)`.
    package static func insert(into target: String, _ rows: String) -> String { "INSERT INTO \(target) VALUES \(rows)" }
    /// Extra columns of an upsert with their values (where a store keeps part of a row's JSON apart), as
    /// the `, column` list, the `, value` list and the `, column = excluded.column` updates to append.
    package static func extraColumns(_ extra: [(column: String, value: String)]) -> (
        columns: String, values: String, updates: String
    ) {
        (
            extra.map { ", " + $0.column }.joined(), extra.map { ", " + $0.value }.joined(),
            extra.map { ", \($0.column) = excluded.\($0.column)" }.joined()
        )
    }

    /// A table's or column's name as SQL reads it whatever it holds (both stores quote with `"`).
    package static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
