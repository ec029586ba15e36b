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

    /// Refuses a store that names a migration this binary does not know (`applied`: the store's own
    /// record of what it had), or whose shipped migration changed since it was applied (`checksums`: the
    /// ledger's, by name).
    package static func check(
        _ known: [(name: String, sql: String)], applied: some Sequence<String>, checksums: [String: String],
        path: String
    ) throws(ArchiveError) {
        let unknown = Set(applied).subtracting(known.map(\.name))
        if !unknown.isEmpty { throw .newerSchema(path: path, unknown: unknown.sorted()) }
        for migration in known where checksums[migration.name].map({ $0 != checksum(migration.sql) }) ?? false {
            throw .migrationChanged(name: migration.name)
        }
    }

    /// The FNV-1a hash of a migration's text, in hex.
    package static func checksum(_ text: String) -> String {
        var text = text
        // Every open hashes the whole schema (SQLite's isCurrent): over the bytes at once, not the UTF-8 view.
        let hash = text.withUTF8 { FNV1a.hash(UnsafeRawBufferPointer($0)) }
        return String(hash, radix: 16)
    }
}
