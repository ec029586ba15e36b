/// A statement with the arguments it binds: SQL written once with numbered arguments (`?1`, `?2`…,
/// SQLite's own form; ``SQLDialect/statement(_:)`` makes them `$1`, `$2`… on PostgreSQL) and its values,
/// in that order, so no comment has to keep the two in step by hand.
package struct SQLStatement: Sendable, Hashable {
    /// The statement's text, numbered arguments.
    package var sql: String
    /// The values bound to `?1`, `?2`…
    package var arguments: [SQLArgument]

    package init(_ sql: String, _ arguments: SQLArgument...) {
        self.init(sql, arguments: arguments)
    }

    package init(_ sql: String, arguments: [SQLArgument]) {
        self.sql = sql
        self.arguments = arguments
    }
}
