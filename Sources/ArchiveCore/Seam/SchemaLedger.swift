import Foundation

/// The ledger of applied migrations (`icebox_schema`) both stores keep: its statements, one text for
/// both (arguments `?1`, `?2`…, see ``SQLDialect/statement(_:)``), and the checksum that proves a
/// shipped migration unchanged.
package enum SchemaLedger {
    /// Creates the ledger where it is missing.
    package static let create = """
        CREATE TABLE IF NOT EXISTS icebox_schema (
            name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)
        """
    /// Every applied migration with its checksum.
    package static let applied = "SELECT name, checksum FROM icebox_schema"
    /// Records a migration applied: ?1 its name, ?2 its checksum, ?3 now.
    package static let record = "INSERT INTO icebox_schema(name, checksum, applied_at) VALUES (?1, ?2, ?3)"

    /// The FNV-1a hash of a migration's text, in hex.
    package static func checksum(_ text: String) -> String {
        var text = text
        // Every open hashes the whole schema (SQLite's isCurrent): over the bytes at once, not the UTF-8 view.
        let hash = text.withUTF8 { FNV1a.hash(UnsafeRawBufferPointer($0)) }
        return String(hash, radix: 16)
    }
}
