import ArchiveCore
import GRDB

extension ArchiveDatabase {
    /// The rows of `statement` decoded (through ``RowDecoder``) as they are stepped through, not copied
    /// first as `Row.fetchAll` copies them: a cell is read from SQLite where it lies, and a column is found
    /// by name through the statement's own index rather than by comparing every column's name, lowercased,
    /// for each cell. What the search hot path reads its hits with.
    package static func decodedRows<T: Decodable>(
        _ type: T.Type, _ statement: Statement, arguments: StatementArguments = StatementArguments()
    ) throws -> [T] {
        var values: [T] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() { values.append(try row.decoded(as: type)) }
        return values
    }
}
