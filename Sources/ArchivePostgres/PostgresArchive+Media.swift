import ArchiveCore
import Foundation
import Logging
import PostgresNIO

/// The media catalogue on PostgreSQL: the same records as the SQLite store's, shared by every worker
/// (the files are content-addressed in a folder they share, so two workers storing the same bytes write
/// the same name, and the catalogue keeps one row per hash).
extension PostgresArchive {
    /// The URLs of the custom emoji of every archived status (read from the raw JSON, as SQLite's
    /// json_each reads it; a raw JSON that is not valid JSON contributes none).
    static let emojiURLs = """
        SELECT DISTINCT e->>'url' AS u FROM statuses s,
            LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(icebox_json(s.raw_json)->'emojis') = 'array'
                THEN icebox_json(s.raw_json)->'emojis' ELSE '[]'::jsonb END) e
        WHERE e->>'url' IS NOT NULL AND e->>'url' <> ''
        """

    public func pendingMedia(previews: Bool, avatars: Bool, retryFailed: Bool) async throws(ArchiveError)
        -> (jobs: [PendingMedia], skipped: Int) {
        let stored = "SELECT 1 FROM media_downloads d WHERE d.state = 'stored' AND d.url = "
        var wanted = try await decodingRows("""
            SELECT DISTINCT a.remote_url, a.url FROM media_attachments a
            WHERE (a.remote_url IS NOT NULL OR a.url IS NOT NULL)
              AND NOT EXISTS (\(stored) a.remote_url) AND NOT EXISTS (\(stored) a.url)
            """) { row in
                PendingMedia(kind: "original", candidates: [try row.optionalString("remote_url"),
                                                            try row.optionalString("url")].compactMap { $0 })
            }
        if previews {
            wanted += try await decodingRows("""
                SELECT DISTINCT a.preview_url FROM media_attachments a
                WHERE a.preview_url IS NOT NULL AND a.preview_url <> '' AND NOT EXISTS (\(stored) a.preview_url)
                """) { PendingMedia(kind: "preview", candidates: [try $0.string("preview_url")]) }
        }
        if avatars {
            wanted += try await decodingRows("""
                SELECT DISTINCT a.avatar FROM authors a
                WHERE a.avatar IS NOT NULL AND a.avatar <> '' AND NOT EXISTS (\(stored) a.avatar)
                """) { PendingMedia(kind: "avatar", candidates: [try $0.string("avatar")]) }
            wanted += try await decodingRows("""
                SELECT u FROM (\(Self.emojiURLs)) emoji WHERE NOT EXISTS (\(stored) u)
                """) { PendingMedia(kind: "emoji", candidates: [try $0.string("u")]) }
        }
        let failed = Set(try await decodingRows("SELECT url FROM media_downloads WHERE state = 'failed'") {
            try $0.string("url")
        })
        return PendingMedia.plan(wanted, failed: failed, retryFailed: retryFailed)
    }

    public func mediaExtension(sha256: String) async throws(ArchiveError) -> String? {
        try await decodingRows("SELECT ext FROM media_files WHERE sha256 = $1", [.text(sha256)]) { try $0.string("ext") }.first
    }

    public func recordMediaStored(url: String, kind: String, sha256: String, size: Int64, mime: String,
                                  ext: String) async throws(ArchiveError) -> Bool {
        let logger = self.logger
        return try await transaction { connection in
            try await Self.recordMediaStored(url: url, kind: kind, sha256: sha256, size: size, mime: mime, ext: ext,
                                             connection, logger)
        }
    }

    /// Records a file stored as the file of `url`, in the caller's transaction; whether the file is new
    /// to the catalogue.
    static func recordMediaStored(url: String, kind: String, sha256: String, size: Int64, mime: String, ext: String,
                                  _ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        let now = Self.now()
        let inserted = try await connection.rows("""
            INSERT INTO media_files(sha256, ext, size, mime, stored_at, verified_at) VALUES ($1, $2, $3, $4, $5, $5)
            ON CONFLICT(sha256) DO NOTHING RETURNING sha256
            """, [.text(sha256), .text(ext), .int(size), .text(mime), .text(now)], logger: logger)
        try await connection.execute("""
            INSERT INTO media_downloads(url, kind, state, sha256, mime, failure, http_status, attempts,
                last_attempt_at, stored_at) VALUES ($1, $2, 'stored', $3, $4, NULL, 200, 1, $5, $5)
            ON CONFLICT(url) DO UPDATE SET state = 'stored', sha256 = excluded.sha256, mime = excluded.mime,
                failure = NULL, http_status = 200, attempts = media_downloads.attempts + 1,
                last_attempt_at = excluded.last_attempt_at, stored_at = excluded.stored_at
            """, [.text(url), .text(kind), .text(sha256), .text(mime), .text(now)], logger: logger)
        return !inserted.isEmpty
    }

    public func recordMediaFailure(url: String, kind: String, permanent: Bool, reason: String,
                                   httpStatus: Int?) async throws(ArchiveError) {
        try await execute("""
            INSERT INTO media_downloads(url, kind, state, failure, http_status, attempts, last_attempt_at)
            VALUES ($1, $2, $3, $4, $5, 1, $6)
            ON CONFLICT(url) DO UPDATE SET state = excluded.state, failure = excluded.failure,
                http_status = excluded.http_status, attempts = media_downloads.attempts + 1,
                last_attempt_at = excluded.last_attempt_at
            """, [.text(url), .text(kind), .text(permanent ? "failed" : "retry"), .text(reason),
                  .int(httpStatus.map(Int64.init)), .text(Self.now())])
    }

    public func storedMediaFiles() async throws(ArchiveError) -> [CataloguedFile] {
        try await decodingRows("SELECT sha256, ext, size FROM media_files ORDER BY sha256 COLLATE \"C\"", [],
                               Self.cataloguedFile)
    }

    public func mediaSources(sha256: String) async throws(ArchiveError) -> [(url: String, kind: String)] {
        try await decodingRows("""
            SELECT url, kind FROM media_downloads WHERE sha256 = $1 AND state = 'stored' ORDER BY stored_at DESC
            """, [.text(sha256)]) { (url: try $0.string("url"), kind: try $0.string("kind")) }
    }

    public func markMediaVerified(_ sha256: [String]) async throws(ArchiveError) {
        guard !sha256.isEmpty else { return }
        try await execute("UPDATE media_files SET verified_at = $1 WHERE sha256 = ANY($2::text[])",
                          [.text(Self.now()), .textArray(sha256)])
    }

    public func mediaFile(forURL url: String) async throws(ArchiveError) -> CataloguedFile? {
        try await decodingRows("""
            SELECT f.sha256, f.ext, f.size FROM media_downloads d JOIN media_files f ON f.sha256 = d.sha256
            WHERE d.url = $1 AND d.state = 'stored'
            """, [.text(url)], Self.cataloguedFile).first
    }

    public func forgetUnreferencedMedia(dryRun: Bool) async throws(ArchiveError)
        -> (forgotten: Int, unreferenced: [CataloguedFile]) {
        let logger = self.logger
        let referenced = """
            SELECT url FROM media_attachments WHERE url IS NOT NULL
            UNION SELECT remote_url FROM media_attachments WHERE remote_url IS NOT NULL
            UNION SELECT preview_url FROM media_attachments WHERE preview_url IS NOT NULL
            UNION SELECT avatar FROM authors WHERE avatar IS NOT NULL
            UNION SELECT u FROM (\(Self.emojiURLs)) emoji
            """
        let orphansSQL = """
            SELECT sha256, ext, size FROM media_files f
            WHERE NOT EXISTS (SELECT 1 FROM media_downloads d WHERE d.sha256 = f.sha256 AND d.state = 'stored')
            """
        return try await transaction(rollingBack: dryRun) { connection in
            let forgotten = try await connection.rows(
                "DELETE FROM media_downloads WHERE url NOT IN (\(referenced)) RETURNING url", logger: logger).count
            let orphans = try await connection.rows(orphansSQL, logger: logger).map(Self.cataloguedFile)
            try await connection.execute("""
                UPDATE media_downloads SET sha256 = NULL WHERE state <> 'stored' AND sha256 = ANY($1::text[])
                """, [.textArray(orphans.map(\.sha256))], logger: logger)
            try await connection.execute("DELETE FROM media_files WHERE sha256 = ANY($1::text[])",
                                         [.textArray(orphans.map(\.sha256))], logger: logger)
            return (forgotten, orphans)
        }
    }

    static func cataloguedFile(_ row: PostgresRandomAccessRow) throws -> CataloguedFile {
        CataloguedFile(sha256: try row.string("sha256"), ext: try row.string("ext"), size: try row.int64("size"))
    }

    /// Runs a query and decodes each row.
    func decodingRows<T>(_ sql: String, _ binds: [SQLValue] = [],
                         _ decode: (PostgresRandomAccessRow) throws -> T) async throws(ArchiveError) -> [T] {
        let rows = try await rows(sql, binds)
        return try decoding { try rows.map(decode) }
    }
}

