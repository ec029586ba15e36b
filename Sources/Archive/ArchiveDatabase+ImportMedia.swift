import ArchiveCore
import Foundation
import GRDB

/// The media files an import holds in its transaction until it knows which a post names (see
/// ``ImportSink/holdMedia(_:placedNew:)``): temporary tables of the writer's connection, made when the
/// import starts and dropped when it ends (a rollback drops them too).
extension SQLiteImportSink {
    /// The temporary database's page cache while an import holds its media there, in KiB: the tables
    /// spill to their temporary file (the system's file cache) rather than grow the process. At SQLite's
    /// default of 2,000 KiB the tables of 5,000 files took 2.7 MB of memory, most of what holding them
    /// outside Swift's memory saved (heaptrack, `icebox-benchmarks import-export --media-mb 16`).
    static let temporaryCacheKiB = 256

    /// Makes the tables; returns the temporary database's cache size before, for
    /// ``restoreCacheSize(_:)``. The temporary database's journal is kept in memory: as a file it is
    /// SQLite's in-memory journal of one 1 MiB piece (`CSQLiteTuning`'s bound) spilling to a file, while
    /// in memory it holds only the pages the database had before the import (none, in a new connection),
    /// and a temporary database is never read back after a crash either way.
    func createMediaTables() throws -> Int {
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA temp.cache_size") ?? -2000
        try db.execute(sql: "PRAGMA temp.cache_size = -\(Self.temporaryCacheKiB)")
        _ = try String.fetchOne(db, sql: "PRAGMA temp.journal_mode = MEMORY")
        for sql in ImportMediaStatements.create(prefix: "CREATE TEMP TABLE", suffix: "") { try db.execute(sql: sql) }
        return cacheSize
    }

    func dropMediaTables() throws {
        for sql in ImportMediaStatements.drop { try db.execute(sql: sql) }
    }

    /// Gives the temporary database its cache size back (the connection outlives the import, failed or not).
    func restoreCacheSize(_ cacheSize: Int) {
        try? db.execute(sql: "PRAGMA temp.cache_size = \(cacheSize)")
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
        try Row.fetchAll(db.cachedStatement(sql: ImportMediaStatements.held), arguments: [position, limit]).map { row in
            HeldMedia(
                position: row["seq"],
                media: ImportedMedia(
                    url: row["url"], sha256: row["sha256"], size: row["size"], mime: row["mime"], ext: row["ext"]),
                placedNew: row["placed_new"] as Int64 != 0, named: row["named"] as Int64 != 0,
                bytesNamed: row["bytes_named"] as Int64 != 0)
        }
    }
}
