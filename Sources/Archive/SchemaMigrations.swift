import ArchiveCore
import Foundation
import GRDB
import Logging
import SearchQuery

/// Applies the migrations embedded from `schema/*.sql`, each in its own transaction, recorded in the
/// database with a checksum so that a shipped migration that was edited is noticed, not silently skipped.
enum SchemaMigrations {
    /// The migrations this binary carries, in order.
    static var all: [(name: String, sql: String)] { embeddedMigrations }

    static func migrate(_ pool: DatabasePool, path: String, logger: Logger) throws(ArchiveError) {
        // Nearly every open finds the schema current: one read says so, and no write is taken.
        if isCurrent(pool) { return }
        var migrator = DatabaseMigrator()
        for migration in all {
            let checksum = SchemaLedger.checksum(migration.sql)
            migrator.registerMigration(migration.name) { db in
                try db.execute(sql: migration.sql)
                try followUps[migration.name]?(db)
                try db.execute(
                    sql: SchemaLedger.record,
                    arguments: [migration.name, checksum, Timestamp.now()])
            }
        }
        do {
            try pool.write { db in
                try db.execute(sql: SchemaLedger.create)
                let checksums = try Row.fetchAll(db, sql: SchemaLedger.applied).map { row in
                    (row["name"] as String, row["checksum"] as String)
                }
                try SchemaLedger.check(
                    all, applied: try migrator.appliedIdentifiers(db),
                    checksums: Dictionary(checksums, uniquingKeysWith: { first, _ in first }), path: path)
            }
            let before = try pool.read { db in try migrator.appliedIdentifiers(db) }
            try migrator.migrate(pool)
            let applied = all.map(\.name).filter { !before.contains($0) }
            if !applied.isEmpty { logger.info("archive schema migrated", metadata: ["applied": "\(applied)"]) }
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .cannotOpen(path: path, reason: ArchiveDatabase.describe(error))
        }
    }

    /// Whether the archive has exactly this binary's migrations, each as shipped (its checksum): then
    /// opening it takes no write transaction, so a one-shot search stays a reader. Any doubt (a table
    /// missing, a migration more or less, a checksum that differs) answers `false`, and `migrate` decides.
    static func isCurrent(_ pool: any DatabaseReader) -> Bool {
        // One statement (a one-shot search compiles each against the whole schema): a table missing
        // fails it, and then the archive is not current. GRDB's `tableExists` would load its schema cache.
        let recorded = try? pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.identifier AS name, s.checksum FROM grdb_migrations m LEFT JOIN icebox_schema s ON s.name = m.identifier
                    """
            ).map { row -> (name: String, checksum: String?) in (row["name"], row["checksum"]) }
        }
        guard let recorded, recorded.count == all.count else { return false }
        let checksums = Dictionary(recorded.map { ($0.name, $0.checksum) }, uniquingKeysWith: { first, _ in first })
        return checksums.count == all.count
            && all.allSatisfy { (checksums[$0.name] ?? nil) == SchemaLedger.checksum($0.sql) }
    }

    /// Refuses an archive (opened read-only, so not migrated) whose schema is not this binary's.
    static func requireCurrent(_ pool: any DatabaseReader, path: String) throws(ArchiveError) {
        let applied: Set<String>
        do {
            applied = try pool.read { db in
                try db.tableExists("grdb_migrations")
                    ? Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []
            }
        } catch {
            throw .cannotOpen(path: path, reason: ArchiveDatabase.describe(error))
        }
        let known = Set(all.map(\.name))
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty { throw .newerSchema(path: path, unknown: unknown.sorted()) }
        let pending = known.subtracting(applied)
        if !pending.isEmpty {
            throw .cannotOpen(
                path: path,
                reason: "it is read-only and needs upgrading (\(pending.sorted().joined(separator: ", "))); "
                    + "run any command once with write access to it")
        }
    }

    /// Work a migration needs that SQL cannot do, run in the same transaction right after it.
    static let followUps: [String: @Sendable (Database) throws -> Void] = [
        // Existing statuses get their pieces of space-less text, computed as new ones are. The new index
        // is first built from the table (every row, still empty), so that the update trigger's 'delete'
        // finds the entry it removes: deleting one an external-content FTS5 index never had corrupts it.
        "0002_search": { db in
            try db.execute(sql: FullTextIndex.pieces.command("rebuild"))
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, text, spoiler_text, alt_text, extra_text, author_name FROM statuses")
            let update = try db.makeStatement(sql: "UPDATE statuses SET search_cjk = ? WHERE id = ?")
            while let row = try rows.next() {
                let texts: [String] = ["text", "spoiler_text", "alt_text", "extra_text", "author_name"].map { row[$0] }
                let pieces = NoSpaceScript.indexText(texts)
                if !pieces.isEmpty { try update.execute(arguments: [pieces, row["id"] as Int64]) }
            }
        },
        // Words glued to emoji or symbols newer than SQLite's Unicode tables are indexed apart from them
        // (see WordBoundaries): the indexed texts of existing statuses are rewritten the same way, and the
        // update trigger re-indexes each changed row. Only rows with non-ASCII text can change (the time
        // measured is in the README, under "The archive").
        "0006_unreadable_and_identity": { db in
            let columns = ["text", "spoiler_text", "alt_text", "extra_text", "search_author"]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, \(columns.joined(separator: ", ")) FROM statuses
                    WHERE reblog_uri IS NULL AND (\(columns.map { "\($0) GLOB '*[^ -~]*'" }.joined(separator: " OR ")))
                    """)
            let update = try db.makeStatement(
                sql: "UPDATE statuses SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?")
            while let row = try rows.next() {
                let old: [String] = columns.map { row[$0] }
                let new = old.map(WordBoundaries.separatingSymbols)
                guard new != old else { continue }
                var arguments = StatementArguments(new)
                arguments += [row["id"] as Int64]
                try update.execute(arguments: arguments)
            }
        },
        // Existing authors get their opt-out from the copy archived; tags written before hashtags were
        // normalized are rewritten (only those with something besides a-z, 0-9 and _ can differ from the
        // lower case kept until now).
        "0009_consent_and_hashtags": { db in
            let authors = try Row.fetchCursor(db, sql: "SELECT handle, raw_json FROM authors")
            let optOut = try db.makeStatement(sql: "UPDATE authors SET opted_out = 1 WHERE handle = ?")
            while let row = try authors.next() {
                let raw: Data = row["raw_json"] ?? Data()
                let note = (try? JSONSerialization.jsonObject(with: raw) as? [String: Any])?["note"] as? String ?? ""
                if AuthorStatements.optedOut(accountJSON: raw, note: note) {
                    try optOut.execute(arguments: [row["handle"] as String])
                }
            }
            let tagged = try Row.fetchCursor(
                db, sql: "SELECT id, tag_names FROM statuses WHERE tag_names GLOB '*[^ a-z0-9_]*'")
            let update = try db.makeStatement(sql: "UPDATE statuses SET tag_names = ? WHERE id = ?")
            while let row = try tagged.next() {
                let old: String = row["tag_names"]
                let new = Hashtag.column(old.split(separator: " ").map(String.init))
                if new != old { try update.execute(arguments: [new, row["id"] as Int64]) }
            }
        },
        // Existing statuses get the user's marks from the lists, copies and accounts already archived.
        "0012_user_marks": { db in try UserMarks.recomputeAll(db) },
        // Existing authors get a first version from their stored row (its digest is computed in Swift).
        "0029_author_versions": { db in _ = try ArchiveDatabase.run(AuthorVersionStatements.backfill(), db) },
    ]
}
