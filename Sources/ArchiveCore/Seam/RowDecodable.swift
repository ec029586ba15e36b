/// A seam value read from a row of either store whose JSON record (its `Codable` conformance, see
/// `docs/json.md`) names its fields otherwise than the schema names its columns: it decodes from the
/// row through ``RowDecoder`` with coding keys of its own, written once for both stores (GRDB's
/// `FetchableRecord.init(row:)`), and keeps its `Decodable` (if any) for its JSON.
package protocol RowDecodable {
    /// The value from a row, read through `row`'s keyed container.
    init(row: some Decoder) throws
}

extension ColumnReading {
    /// The row as a value, through the value's own row keys (see ``RowDecodable``).
    package func decoded<T: RowDecodable>(as type: T.Type) throws -> T { try T(row: RowDecoder(self)) }
}
