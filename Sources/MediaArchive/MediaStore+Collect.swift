import Foundation
import GRDB

/// What garbage collection removed (or, in a dry run, would remove).
public struct CollectReport: Sendable, Codable, Hashable {
    /// Records of URLs no status, author or emoji refers to any more.
    public var downloadsForgotten = 0
    /// Stored files nothing refers to any more.
    public var filesRemoved = 0
    /// Files on disk the database does not know (an interrupted run's, or foreign ones).
    public var strayFilesRemoved = 0
    /// Leftovers of interrupted downloads.
    public var temporaryRemoved = 0
    public var bytesFreed: Int64 = 0
    public var dryRun = false

    public init() {}
}

extension MediaStore {
    /// Removes files no archived status (or author, or emoji) refers to, the records of URLs nothing
    /// refers to, and files on disk the database does not know. `dryRun` only counts.
    public func collectGarbage(dryRun: Bool) async throws(MediaError) -> CollectReport {
        var report = CollectReport()
        report.dryRun = dryRun
        let (forgotten, unreferenced) = try await catalog.write { db -> (Int, [StoredFile]) in
            var result: (Int, [StoredFile]) = (0, [])
            try db.inSavepoint {
                let referenced = """
                    SELECT url FROM media_attachments WHERE url IS NOT NULL
                    UNION SELECT remote_url FROM media_attachments WHERE remote_url IS NOT NULL
                    UNION SELECT preview_url FROM media_attachments WHERE preview_url IS NOT NULL
                    UNION SELECT avatar FROM authors WHERE avatar IS NOT NULL
                    UNION SELECT json_extract(e.value, '$.url') FROM statuses s,
                        json_each(CAST(s.raw_json AS TEXT), '$.emojis') e
                        WHERE json_extract(e.value, '$.url') IS NOT NULL
                    """
                try db.execute(sql: "DELETE FROM media_downloads WHERE url NOT IN (\(referenced))")
                let forgotten = db.changesCount
                let orphans = try Row.fetchAll(db, sql: """
                    SELECT sha256, ext, size FROM media_files f
                    WHERE NOT EXISTS (SELECT 1 FROM media_downloads d WHERE d.sha256 = f.sha256 AND d.state = 'stored')
                    """).map { StoredFile(sha256: $0["sha256"], ext: $0["ext"], size: $0["size"]) }
                try db.execute(sql: "UPDATE media_downloads SET sha256 = NULL WHERE state <> 'stored' AND sha256 IN "
                               + "(SELECT sha256 FROM media_files f WHERE NOT EXISTS (SELECT 1 FROM media_downloads d "
                               + "WHERE d.sha256 = f.sha256 AND d.state = 'stored'))")
                for orphan in orphans {
                    try db.execute(sql: "DELETE FROM media_files WHERE sha256 = ?", arguments: [orphan.sha256])
                }
                result = (forgotten, orphans)
                return dryRun ? .rollback : .commit
            }
            return result
        }
        report.downloadsForgotten = forgotten
        for file in unreferenced {
            let url = layout.file(sha256: file.sha256, ext: file.ext)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            report.filesRemoved += 1
            report.bytesFreed += file.size
            if !dryRun { try? FileManager.default.removeItem(at: url) }
        }
        let known = Set(try await catalog.storedFiles().map { "\($0.sha256).\($0.ext)" })
        let removed = Set(unreferenced.map { "\($0.sha256).\($0.ext)" })
        for found in layout.storedFiles() {
            let name = "\(found.sha256).\(found.ext)"
            guard found.sha256.isEmpty || (!known.contains(name) && !removed.contains(name)) else { continue }
            report.strayFilesRemoved += 1
            report.bytesFreed += Int64((try? found.url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
            if !dryRun { try? FileManager.default.removeItem(at: found.url) }
        }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: layout.temporary.path)) ?? []
        report.temporaryRemoved = leftovers.count
        if !dryRun { layout.cleanTemporary() }
        return report
    }
}
