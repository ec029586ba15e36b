import ArchiveCore
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

extension ArchiveDatabase: ArchiveCompacting {
    /// Merges both full-text indexes into one segment each, then `VACUUM`s the file and truncates the
    /// write-ahead log (see ``ArchiveCompacting``).
    ///
    /// `VACUUM` builds the new file in a temporary database, then writes each of its pages through the
    /// log: up to twice the bytes the archive uses, so that much must be free on its filesystem first.
    /// The temporary database is a file in the archive's own folder, whatever `TMPDIR` says: its bytes
    /// are then on the filesystem just checked, never in a `tmpfs` that is memory. SQLite unlinks it as
    /// it opens it, so a compaction killed midway leaves no file behind, and the archive as it was
    /// (`VACUUM` is one transaction). The folder is set process-wide (`PRAGMA temp_store_directory`,
    /// under SQLite's own mutex since 3.39.3) and set back after: `icebox compact` runs alone in its process.
    public func compact() async throws(ArchiveError) -> CompactionReport {
        try await compact(freeBytes: Self.freeBytes)
    }

    /// ``compact()`` with the free space of a folder read by `freeBytes` (tests give it less than a
    /// rewrite needs).
    func compact(freeBytes: (String) -> Int64) async throws(ArchiveError) -> CompactionReport {
        guard !pool.configuration.readonly else {
            throw .cannotOpen(path: path.path, reason: "it can only be read here, and compacting rewrites it")
        }
        let folder = path.deletingLastPathComponent().path
        let before = Self.bytesOnDisk(path)
        let used = try await read { db in
            let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let free = try Int64.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            return (pages - free) * pageSize
        }
        let needed = Self.compactionNeeds(usedBytes: used)
        let available = freeBytes(folder)
        guard available >= needed else { throw .noSpace(folder: folder, needed: needed, available: available) }
        try await write { db in
            try db.execute(sql: FullTextIndex.words.command("optimize"))
            try db.execute(sql: FullTextIndex.pieces.command("optimize"))
        }
        let logEmptied: Bool
        do {
            logEmptied = try await pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA temp_store = FILE")
                let quoted = folder.replacingOccurrences(of: "'", with: "''")
                try db.execute(sql: "PRAGMA temp_store_directory = '\(quoted)'")
                defer {
                    try? db.execute(sql: "PRAGMA temp_store_directory = ''")
                    try? db.execute(sql: "PRAGMA temp_store = DEFAULT")
                }
                try db.execute(sql: "VACUUM")
                // A reader of an older snapshot (another process) keeps the log; a later checkpoint empties it.
                return (try? db.checkpoint(.truncate)) != nil
            }
        } catch {
            throw .database(Self.describe(error))
        }
        return CompactionReport(
            path: path.path, bytesBefore: before, bytesAfter: Self.bytesOnDisk(path), logEmptied: logEmptied)
    }

    /// The free bytes a compaction of an archive using `usedBytes` may take: the temporary copy and the
    /// write-ahead log each up to the archive's used pages, and a mebibyte for their headers.
    static func compactionNeeds(usedBytes: Int64) -> Int64 {
        2 * max(0, usedBytes) + (1 << 20)
    }

    /// The file's bytes and its write-ahead log's.
    static func bytesOnDisk(_ file: URL) -> Int64 {
        [file.path, file.path + "-wal"].reduce(Int64(0)) { total, path in
            var info = stat()
            return stat(path, &info) == 0 ? total + Int64(info.st_size) : total
        }
    }

    /// The bytes an unprivileged process may still write on the filesystem holding `folder` (0 when
    /// that cannot be read: then nothing is rewritten).
    static func freeBytes(_ folder: String) -> Int64 {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return 0 }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}
