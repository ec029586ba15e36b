import ArchiveCore
import Foundation
import GRDB

/// What `icebox doctor` asks the archive: is the file sound, is its schema this binary's, how fast do
/// its timelines fill.
extension ArchiveDatabase {
    /// SQLite's `PRAGMA quick_check` (or, with `full`, `integrity_check`, which also compares every
    /// index with its table): the problems found, empty when the file is sound.
    public func healthCheck(full: Bool) async throws(ArchiveError) -> StoreCheck {
        let pragma = full ? "integrity_check" : "quick_check"
        let problems = try await read { db in
            try String.fetchAll(db, sql: "PRAGMA \(pragma)(50)").filter { $0 != "ok" }
        }
        return StoreCheck(method: pragma, problems: problems)
    }

    /// The schema as this binary sees it (the seam's value, named as before).
    public typealias SchemaState = ArchiveCore.SchemaState

    /// Which migrations the archive has had.
    public func schemaState() async throws(ArchiveError) -> SchemaState {
        let applied = try await read { db in
            try db.tableExists("grdb_migrations")
                ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") : []
        }
        return SchemaState(applied: applied, known: SchemaMigrations.all.map(\.name))
    }
}
