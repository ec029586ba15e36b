import ArchiveCore
import Foundation
import GRDB

/// The media files an import holds in its transaction until it knows which a post names (see
/// ``ImportSink/holdMedia(_:placedNew:)``): temporary tables of the writer's connection, made when the
/// import starts and dropped when it ends (a rollback drops them too).
extension SQLiteImportSink {
    /// Makes the tables. The temporary database's journal is kept in memory: as a file it is SQLite's
    /// in-memory journal of one 1 MiB piece (`CSQLiteTuning`'s bound) spilling to a file, while in memory
    /// it holds only the pages the database had before the import (none, in a new connection), and a
    /// temporary database is never read back after a crash either way. Its cache: ``ImportCaches``.
    func createMediaTables() throws {
        _ = try String.fetchOne(db, sql: "PRAGMA temp.journal_mode = MEMORY")
        for sql in ImportMediaStatements.create(prefix: "CREATE TEMP TABLE", suffix: "") { try db.execute(sql: sql) }
        try db.execute(sql: ImportWrittenStatements.create(prefix: "CREATE TEMP TABLE", suffix: ""))
    }

    func dropMediaTables() throws {
        for sql in ImportMediaStatements.drop { try db.execute(sql: sql) }
        try db.execute(sql: ImportWrittenStatements.drop)
    }

    func holdMedia(_ media: ImportedMedia, placedNew: Bool) throws {
        try db.cachedStatement(sql: ImportMediaStatements.hold).execute(arguments: [
            media.url, media.sha256, media.ext, media.size, media.mime, placedNew ? 1 : 0,
        ])
    }

    func nameMedia(_ urls: [String]) throws {
        let statement = try db.cachedStatement(sql: ImportMediaStatements.name)
        for url in urls { try statement.execute(arguments: [url]) }
    }

    func heldMedia(after position: Int64, limit: Int) throws -> [HeldMedia] {
        try Row.fetchAll(db.cachedStatement(sql: ImportMediaStatements.held), arguments: [position, limit])
            .map { try $0.decoded(as: HeldMedia.self) }
    }
}
