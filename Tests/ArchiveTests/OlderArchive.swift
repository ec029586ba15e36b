import ArchiveCore
import Foundation
import GRDB

@testable import Archive

/// An archive file as an older Icebox left it: its first `count` migrations applied and recorded as
/// that release recorded them, then whatever rows `body` adds.
enum OlderArchive {
    static func write(at path: URL, migrations count: Int, _ body: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: path.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(
                sql:
                    "CREATE TABLE icebox_schema (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            for migration in SchemaMigrations.all.prefix(count) {
                try db.execute(sql: migration.sql)
                try SchemaMigrations.followUps[migration.name]?(db)
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [migration.name])
                try db.execute(
                    sql: "INSERT INTO icebox_schema VALUES (?, ?, '2026-01-01T00:00:00.000Z')",
                    arguments: [migration.name, SchemaLedger.checksum(migration.sql)])
            }
            try body(db)
        }
        try queue.close()
    }
}
