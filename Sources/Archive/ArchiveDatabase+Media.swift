import ArchiveCore
import Foundation
import GRDB

/// The media tables (`schema/0003_media.sql`) on the archive's own pool: one pool per file, as GRDB
/// advises (the media archive used to open a second one).
extension ArchiveDatabase {
    public func pendingMedia(previews: Bool, avatars: Bool, retryFailed: Bool) async throws(ArchiveError)
        -> (jobs: [PendingMedia], skipped: Int) {
        try await read { db in
            let stored = "SELECT 1 FROM media_downloads d WHERE d.state = 'stored' AND d.url = "
            var wanted: [PendingMedia] = try Row.fetchAll(db, sql: """
                SELECT DISTINCT a.remote_url, a.url FROM media_attachments a
                WHERE (a.remote_url IS NOT NULL OR a.url IS NOT NULL)
                  AND NOT EXISTS (\(stored) a.remote_url) AND NOT EXISTS (\(stored) a.url)
                """).map { row in
                    PendingMedia(kind: "original", candidates: [row["remote_url"] as String?, row["url"] as String?].compactMap { $0 })
                }
            if previews {
                wanted += try String.fetchAll(db, sql: """
                    SELECT DISTINCT a.preview_url FROM media_attachments a
                    WHERE a.preview_url IS NOT NULL AND a.preview_url <> '' AND NOT EXISTS (\(stored) a.preview_url)
                    """).map { PendingMedia(kind: "preview", candidates: [$0]) }
            }
            if avatars {
                wanted += try String.fetchAll(db, sql: """
                    SELECT DISTINCT a.avatar FROM authors a
                    WHERE a.avatar IS NOT NULL AND a.avatar <> '' AND NOT EXISTS (\(stored) a.avatar)
                    """).map { PendingMedia(kind: "avatar", candidates: [$0]) }
                wanted += try String.fetchAll(db, sql: """
                    SELECT DISTINCT u FROM (SELECT json_extract(e.value, '$.url') AS u FROM statuses s,
                        json_each(CAST(s.raw_json AS TEXT), '$.emojis') e)
                    WHERE u IS NOT NULL AND u <> '' AND NOT EXISTS (\(stored) u)
                    """).map { PendingMedia(kind: "emoji", candidates: [$0]) }
            }
            let failed = Set(try String.fetchAll(db, sql: "SELECT url FROM media_downloads WHERE state = 'failed'"))
            return PendingMedia.plan(wanted, failed: failed, retryFailed: retryFailed)
        }
    }

    public func mediaExtension(sha256: String) async throws(ArchiveError) -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT ext FROM media_files WHERE sha256 = ?", arguments: [sha256])
        }
    }

    @discardableResult
    public func recordMediaStored(url: String, kind: String, sha256: String, size: Int64, mime: String,
                                  ext: String) async throws(ArchiveError) -> Bool {
        try await write { db in try Self.recordMediaStored(url: url, kind: kind, sha256: sha256, size: size, mime: mime,
                                                             ext: ext, now: Self.now(), db) }
    }

    /// Records a stored file and the URL it is the file of, in the caller's transaction; true when the
    /// file was new to the catalogue.
    static func recordMediaStored(url: String, kind: String, sha256: String, size: Int64, mime: String, ext: String,
                                  now: String, _ db: Database) throws -> Bool {
        try db.cachedStatement(sql: """
            INSERT INTO media_files(sha256, ext, size, mime, stored_at, verified_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(sha256) DO NOTHING
            """).execute(arguments: [sha256, ext, size, mime, now, now])
        let isNew = db.changesCount > 0
        try db.cachedStatement(sql: """
            INSERT INTO media_downloads(url, kind, state, sha256, mime, failure, http_status, attempts,
                last_attempt_at, stored_at) VALUES (?, ?, 'stored', ?, ?, NULL, 200, 1, ?, ?)
            ON CONFLICT(url) DO UPDATE SET state = 'stored', sha256 = excluded.sha256, mime = excluded.mime,
                failure = NULL, http_status = 200, attempts = attempts + 1,
                last_attempt_at = excluded.last_attempt_at, stored_at = excluded.stored_at
            """).execute(arguments: [url, kind, sha256, mime, now, now])
        return isNew
    }

    public func recordMediaFailure(url: String, kind: String, permanent: Bool, reason: String,
                                   httpStatus: Int?) async throws(ArchiveError) {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO media_downloads(url, kind, state, failure, http_status, attempts, last_attempt_at)
                VALUES (?, ?, ?, ?, ?, 1, ?)
                ON CONFLICT(url) DO UPDATE SET state = excluded.state, failure = excluded.failure,
                    http_status = excluded.http_status, attempts = attempts + 1,
                    last_attempt_at = excluded.last_attempt_at
                """, arguments: [url, kind, permanent ? "failed" : "retry", reason, httpStatus, Self.now()])
        }
    }

    public func storedMediaFiles() async throws(ArchiveError) -> [CataloguedFile] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT sha256, ext, size FROM media_files ORDER BY sha256").map(Self.cataloguedFile)
        }
    }

    public func mediaSources(sha256: String) async throws(ArchiveError) -> [(url: String, kind: String)] {
        let rows = try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT url, kind FROM media_downloads WHERE sha256 = ? AND state = 'stored' ORDER BY stored_at DESC
                """, arguments: [sha256]).map { [$0["url"] as String, $0["kind"] as String] }
        }
        return rows.map { ($0[0], $0[1]) }
    }

    /// Records when files were found sound; an archive opened read-only (a read-only file, or a reader
    /// such as `doctor`) keeps no record, which is only bookkeeping.
    public func markMediaVerified(_ sha256: [String]) async throws(ArchiveError) {
        guard !sha256.isEmpty, !pool.configuration.readonly else { return }
        try await write { db in
            let now = Self.now()
            for sha in sha256 {
                try db.execute(sql: "UPDATE media_files SET verified_at = ? WHERE sha256 = ?", arguments: [now, sha])
            }
        }
    }

    public func mediaFile(forURL url: String) async throws(ArchiveError) -> CataloguedFile? {
        try await read { db in
            try Row.fetchOne(db, sql: """
                SELECT f.sha256, f.ext, f.size FROM media_downloads d JOIN media_files f ON f.sha256 = d.sha256
                WHERE d.url = ? AND d.state = 'stored'
                """, arguments: [url]).map(Self.cataloguedFile)
        }
    }

    public func forgetUnreferencedMedia(dryRun: Bool) async throws(ArchiveError)
        -> (forgotten: Int, unreferenced: [CataloguedFile]) {
        let result = try await write { db -> MediaCollection in
            var result = MediaCollection()
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
                result.forgotten = db.changesCount
                result.unreferenced = try Row.fetchAll(db, sql: """
                    SELECT sha256, ext, size FROM media_files f
                    WHERE NOT EXISTS (SELECT 1 FROM media_downloads d WHERE d.sha256 = f.sha256 AND d.state = 'stored')
                    """).map(Self.cataloguedFile)
                try db.execute(sql: "UPDATE media_downloads SET sha256 = NULL WHERE state <> 'stored' AND sha256 IN "
                               + "(SELECT sha256 FROM media_files f WHERE NOT EXISTS (SELECT 1 FROM media_downloads d "
                               + "WHERE d.sha256 = f.sha256 AND d.state = 'stored'))")
                for orphan in result.unreferenced {
                    try db.execute(sql: "DELETE FROM media_files WHERE sha256 = ?", arguments: [orphan.sha256])
                }
                return dryRun ? .rollback : .commit
            }
            return result
        }
        return (result.forgotten, result.unreferenced)
    }

    private struct MediaCollection: Sendable {
        var forgotten = 0
        var unreferenced: [CataloguedFile] = []
    }

    private static func cataloguedFile(_ row: Row) -> CataloguedFile {
        CataloguedFile(sha256: row["sha256"], ext: row["ext"], size: row["size"])
    }
}
