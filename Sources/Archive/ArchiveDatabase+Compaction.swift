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
    /// log: the used bytes twice over, and a frame header a page, must be free on the file's filesystem.
    /// That is checked before the merge (which writes the indexes again through the log, at most as
    /// much) and again after it, once the merge's frames have left the log: a merge does not change
    /// what any reader sees, and a refusal then leaves the file otherwise as it was.
    /// The temporary database is a file in the archive's own folder, whatever `TMPDIR` says: its bytes
    /// are then on the filesystem just checked, never in a `tmpfs` that is memory. SQLite unlinks it as
    /// it opens it, so a compaction killed midway leaves no temporary file behind, and every post as it
    /// was (`VACUUM` is one transaction; the log may keep its size until the archive is next closed). The
    /// folder is set process-wide (`PRAGMA temp_store_directory`, under SQLite's own mutex since 3.39.3),
    /// read back (an SQLite built without that pragma is refused rather than left to put the copy
    /// elsewhere), and set back after: `icebox compact` runs alone in its process.
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
        try await requireRoom(in: folder, freeBytes)
        try await write { db in
            try db.execute(sql: FullTextIndex.words.command("optimize"))
            try db.execute(sql: FullTextIndex.pieces.command("optimize"))
        }
        _ = try await emptyLog()
        try await requireRoom(in: folder, freeBytes)
        try await translatingErrors {
            try await pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA temp_store = FILE")
                let quoted = folder.replacingOccurrences(of: "'", with: "''")
                try db.execute(sql: "PRAGMA temp_store_directory = '\(quoted)'")
                defer {
                    try? db.execute(sql: "PRAGMA temp_store_directory = ''")
                    try? db.execute(sql: "PRAGMA temp_store = DEFAULT")
                }
                guard try String.fetchOne(db, sql: "PRAGMA temp_store_directory") == folder else {
                    throw ArchiveError.cannotOpen(
                        path: self.path.path,
                        reason: "this SQLite cannot put its temporary copy beside the archive (temp_store_directory)")
                }
                try db.execute(sql: "VACUUM")
            }
        }
        let logEmptied = try await emptyLog()
        return CompactionReport(
            path: path.path, bytesBefore: before, bytesAfter: Self.bytesOnDisk(path), logEmptied: logEmptied)
    }

    /// Throws ``ArchiveError/noSpace(folder:needed:available:)`` unless `folder`'s filesystem has room
    /// for rewriting the archive as it is now.
    private func requireRoom(in folder: String, _ freeBytes: (String) -> Int64) async throws(ArchiveError) {
        let (used, pageSize) = try await read { db in
            let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let free = try Int64.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            return ((pages - free) * pageSize, pageSize)
        }
        let needed = Self.compactionNeeds(usedBytes: used, pageSize: pageSize)
        let available = freeBytes(folder)
        guard available >= needed else { throw .noSpace(folder: folder, needed: needed, available: available) }
    }

    /// Checkpoints the write-ahead log and truncates it; false when another process reads an older
    /// snapshot (SQLite's busy result: the log then keeps its size until no process has the archive
    /// open, or the next compaction). Any other failure is thrown.
    private func emptyLog() async throws(ArchiveError) -> Bool {
        try await translatingErrors {
            do {
                try await pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
                return true
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                return false
            }
        }
    }

    /// The free bytes a compaction of an archive using `usedBytes` in pages of `pageSize` may take: the
    /// temporary copy (the used bytes), the write-ahead log (its header, then each page with a 24-byte
    /// frame header), and a mebibyte to spare.
    static func compactionNeeds(usedBytes: Int64, pageSize: Int64) -> Int64 {
        let used = max(0, usedBytes)
        let pages = used / max(pageSize, 1)
        return used + 32 + pages * (pageSize + 24) + (1 << 20)
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
