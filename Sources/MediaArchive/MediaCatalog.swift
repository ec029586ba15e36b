import Archive
import Foundation
import GRDB
import Models

/// What kind of file a URL holds.
public enum MediaKind: String, Sendable, Codable, CaseIterable {
    /// An attachment's file (image, gifv, video, audio).
    case original
    /// An attachment's preview image.
    case preview
    /// An author's avatar.
    case avatar
    /// A custom emoji used in a status.
    case emoji
}

/// One thing to fetch: the URLs that hold it, best first (an attachment's `remote_url`, then `url`).
struct MediaJob: Sendable, Hashable {
    var kind: MediaKind
    var candidates: [String]
}

/// A stored file as the database records it.
struct StoredFile: Sendable, Hashable {
    var sha256: String
    var ext: String
    var size: Int64
}

/// The media tables (`schema/0003_media.sql`), on their own connection to the archive's database.
struct MediaCatalog: Sendable {
    let pool: DatabasePool

    init(archive: ArchiveDatabase) throws(MediaError) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(15)
        configuration.foreignKeysEnabled = true
        do {
            pool = try DatabasePool(path: archive.path.path, configuration: configuration)
        } catch {
            throw .database("\(error)")
        }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(MediaError) -> T {
        do { return try await pool.read(body) } catch { throw .database("\(error)") }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(MediaError) -> T {
        do { return try await pool.write(body) } catch { throw .database("\(error)") }
    }

    static func now() -> String { MastodonDate.format(Date()) }

    /// What is still missing, and how many things were left alone because they failed for good before.
    func pendingJobs(_ options: MediaOptions) async throws(MediaError) -> (jobs: [MediaJob], skipped: Int) {
        try await read { db in
            let stored = "SELECT 1 FROM media_downloads d WHERE d.state = 'stored' AND d.url = "
            var wanted: [MediaJob] = try Row.fetchAll(db, sql: """
                SELECT DISTINCT a.remote_url, a.url FROM media_attachments a
                WHERE (a.remote_url IS NOT NULL OR a.url IS NOT NULL)
                  AND NOT EXISTS (\(stored) a.remote_url) AND NOT EXISTS (\(stored) a.url)
                """).map { row in
                    let urls = [row["remote_url"] as String?, row["url"] as String?].compactMap { $0 }.filter { !$0.isEmpty }
                    return MediaJob(kind: .original, candidates: urls.reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
                }
            var singles: [(MediaKind, String)] = []
            if options.previews {
                singles += try String.fetchAll(db, sql: """
                    SELECT DISTINCT a.preview_url FROM media_attachments a
                    WHERE a.preview_url IS NOT NULL AND a.preview_url <> '' AND NOT EXISTS (\(stored) a.preview_url)
                    """).map { (.preview, $0) }
            }
            if options.avatars {
                singles += try String.fetchAll(db, sql: """
                    SELECT DISTINCT a.avatar FROM authors a
                    WHERE a.avatar IS NOT NULL AND a.avatar <> '' AND NOT EXISTS (\(stored) a.avatar)
                    """).map { (.avatar, $0) }
                singles += try String.fetchAll(db, sql: """
                    SELECT DISTINCT u FROM (SELECT json_extract(e.value, '$.url') AS u FROM statuses s,
                        json_each(CAST(s.raw_json AS TEXT), '$.emojis') e)
                    WHERE u IS NOT NULL AND u <> '' AND NOT EXISTS (\(stored) u)
                    """).map { (.emoji, $0) }
            }
            wanted += singles.map { MediaJob(kind: $0.0, candidates: [$0.1]) }
            let failed = Set(try String.fetchAll(db, sql: "SELECT url FROM media_downloads WHERE state = 'failed'"))
            var jobs: [MediaJob] = []
            var skipped = 0
            var seen = Set<String>()
            for var job in wanted {
                if !options.retryFailed { job.candidates.removeAll(where: failed.contains) }
                guard let first = job.candidates.first else {
                    skipped += 1
                    continue
                }
                if seen.insert(first).inserted { jobs.append(job) }
            }
            return (jobs, skipped)
        }
    }

    /// The extension already used for these bytes, so one hash is always one file name.
    func existingExtension(sha256: String) async throws(MediaError) -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT ext FROM media_files WHERE sha256 = ?", arguments: [sha256])
        }
    }

    /// Records a stored file and the URL it came from; true when the file was new to the archive.
    @discardableResult
    func recordStored(url: String, kind: MediaKind, file: DownloadedFile, ext: String) async throws(MediaError) -> Bool {
        try await write { db in
            let now = Self.now()
            try db.execute(sql: """
                INSERT INTO media_files(sha256, ext, size, mime, stored_at, verified_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(sha256) DO NOTHING
                """, arguments: [file.sha256, ext, file.size, file.mime, now, now])
            let isNew = db.changesCount > 0
            try db.execute(sql: """
                INSERT INTO media_downloads(url, kind, state, sha256, mime, failure, http_status, attempts,
                    last_attempt_at, stored_at) VALUES (?, ?, 'stored', ?, ?, NULL, 200, 1, ?, ?)
                ON CONFLICT(url) DO UPDATE SET state = 'stored', sha256 = excluded.sha256, mime = excluded.mime,
                    failure = NULL, http_status = 200, attempts = attempts + 1,
                    last_attempt_at = excluded.last_attempt_at, stored_at = excluded.stored_at
                """, arguments: [url, kind.rawValue, file.sha256, file.mime, now, now])
            return isNew
        }
    }

    /// Records why a URL could not be stored: `failed` when permanent, `retry` otherwise.
    func recordFailure(url: String, kind: MediaKind, _ failure: MediaFailure) async throws(MediaError) {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO media_downloads(url, kind, state, failure, http_status, attempts, last_attempt_at)
                VALUES (?, ?, ?, ?, ?, 1, ?)
                ON CONFLICT(url) DO UPDATE SET state = excluded.state, failure = excluded.failure,
                    http_status = excluded.http_status, attempts = attempts + 1,
                    last_attempt_at = excluded.last_attempt_at
                """, arguments: [url, kind.rawValue, failure.isPermanent ? "failed" : "retry", failure.description,
                                 failure.httpStatus, Self.now()])
        }
    }

    /// Every file the database says is stored.
    func storedFiles() async throws(MediaError) -> [StoredFile] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT sha256, ext, size FROM media_files ORDER BY sha256").map {
                StoredFile(sha256: $0["sha256"], ext: $0["ext"], size: $0["size"])
            }
        }
    }

    /// The URLs a file was downloaded from (to download it again), with their kinds.
    func sources(sha256: String) async throws(MediaError) -> [(url: String, kind: MediaKind)] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT url, kind FROM media_downloads WHERE sha256 = ? AND state = 'stored' ORDER BY stored_at DESC
                """, arguments: [sha256]).map { ($0["url"], MediaKind(rawValue: $0["kind"]) ?? .original) }
        }
    }

    /// Notes that a file was re-hashed and matched.
    func markVerified(_ sha256: [String]) async throws(MediaError) {
        guard !sha256.isEmpty else { return }
        try await write { db in
            let now = Self.now()
            for sha in sha256 {
                try db.execute(sql: "UPDATE media_files SET verified_at = ? WHERE sha256 = ?", arguments: [now, sha])
            }
        }
    }
}
