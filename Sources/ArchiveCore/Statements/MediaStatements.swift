import Foundation

/// The media catalogue's statements (`schema/0003_media.sql`), one text for both stores. Arguments are
/// numbered, `?1`, `?2`… (SQLite's own form; ``SQLDialect/statement(_:)`` makes them `$1`, `$2`… on
/// PostgreSQL), so a value used twice is bound once.
package enum MediaStatements {
    /// Whether the file of the URL in the column that follows is stored and needs no question of the
    /// server: a file's copy the server was not asked about yet (`from_file` 1, `schema/0023`) is pending
    /// once, so the server's file can replace it.
    static let stored =
        "SELECT 1 FROM media_downloads d WHERE d.state = 'stored' AND d.from_file <> 1 AND d.url = "

    /// Attachments whose file (from either URL) is not stored yet.
    package static let pendingOriginals = """
        SELECT DISTINCT a.remote_url, a.url FROM media_attachments a
        WHERE (a.remote_url IS NOT NULL OR a.url IS NOT NULL)
          AND NOT EXISTS (\(stored) a.remote_url) AND NOT EXISTS (\(stored) a.url)
        """

    /// Attachment previews not stored yet.
    package static let pendingPreviews = """
        SELECT DISTINCT a.preview_url FROM media_attachments a
        WHERE a.preview_url IS NOT NULL AND a.preview_url <> '' AND NOT EXISTS (\(stored) a.preview_url)
        """

    /// Authors' avatars not stored yet.
    package static let pendingAvatars = """
        SELECT DISTINCT a.avatar FROM authors a
        WHERE a.avatar IS NOT NULL AND a.avatar <> '' AND NOT EXISTS (\(stored) a.avatar)
        """

    /// Custom emoji not stored yet, given the dialect's query of every emoji URL (column `u`).
    package static func pendingEmoji(_ dialect: any SQLDialect) -> String {
        "SELECT u FROM (\(dialect.emojiURLs)) emoji WHERE NOT EXISTS (\(stored) u)"
    }

    /// Keeps a file another Icebox offers for a media URL (?1 the URL, ?2 the hash, ?3 its address, ?4 the
    /// mirror, ?5 now); a newer offer replaces an older one (`schema/0033_mirrors.sql`).
    package static let keepOffer = """
        INSERT INTO media_offers(url, sha256, address, offered_by, offered_at) VALUES (?1, ?2, ?3, ?4, ?5)
        ON CONFLICT(url) DO UPDATE SET sha256 = excluded.sha256, address = excluded.address,
            offered_by = excluded.offered_by, offered_at = excluded.offered_at
        """

    /// The offers for URLs no stored file answers yet (a file's copy the server has not been asked about
    /// counts as stored: it is pending for the server, not the mirror), with the extension of the file of
    /// that hash when the archive already has one.
    package static let pendingOffers = """
        SELECT o.url, o.sha256, o.address, f.ext, f.size, f.mime FROM media_offers o
        LEFT JOIN media_files f ON f.sha256 = o.sha256
        WHERE NOT EXISTS (SELECT 1 FROM media_downloads d WHERE d.url = o.url AND d.state = 'stored')
        """

    /// URLs not tried again unless a fetch retries failures: those that failed for good. (A file's copy
    /// the server refused for good, `from_file` 2, counts as stored and is never pending.)
    package static let failedURLs = "SELECT url FROM media_downloads WHERE state = 'failed'"

    /// The extension of a stored file: ?1 its hash.
    package static let fileExtension = "SELECT ext FROM media_files WHERE sha256 = ?1"

    /// Catalogues a file unless it is catalogued: ?1 hash, ?2 extension, ?3 size, ?4 type, ?5 now.
    package static let insertFile = """
        INSERT INTO media_files(sha256, ext, size, mime, stored_at, verified_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
        ON CONFLICT(sha256) DO NOTHING
        """

    /// Records a URL's file as the server served it: ?1 URL, ?2 kind, ?3 hash, ?4 type, ?5 now. It
    /// replaces a file's copy (``recordImported``).
    package static let recordStored = recordStored(fromFile: 0)

    /// Records a URL's file as a file brought it (an import), arguments as ``recordStored``: it fills a
    /// URL whose file is not stored, never replaces one that is. A file is anybody's word, and the file a
    /// sync fetched and verified for an attachment, avatar or emoji stays its file; the file's copy is
    /// pending for the server once (``pendingOriginals`` and the others).
    package static let recordImported = recordStored(fromFile: 1)

    private static func recordStored(fromFile: Int) -> String {
        """
        INSERT INTO media_downloads(url, kind, state, sha256, mime, failure, http_status, attempts,
            last_attempt_at, stored_at, from_file) VALUES (?1, ?2, 'stored', ?3, ?4, NULL, 200, 1, ?5, ?5, \(fromFile))
        \(recordConflict)
        """
    }

    /// Records a failed download: ?1 URL, ?2 kind, ?3 state (`failed` or `retry`), ?4 reason, ?5 HTTP
    /// status, ?6 now. A stored file stays stored: a file's copy the server refused for good (`failed`)
    /// is kept, marked asked (`from_file` 2) so that it is not asked again each fetch. A failure that may
    /// pass (`retry`: pacing, a timeout, a 429 or 5xx, a full disk) leaves it pending: a file naming many
    /// URLs of a server must not make its copies permanent by using up a run's budget.
    package static let recordFailure = """
        INSERT INTO media_downloads(url, kind, state, failure, http_status, attempts, last_attempt_at)
        VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
        \(recordConflict)
        """

    /// A URL's record written again, one rule for what a download or a file says of it: a file stored
    /// stays stored, and only a stored file (the server's, or a file's for a URL without one) changes its
    /// hash, type and date; a failure keeps a stored file and marks a file's copy the server refused for
    /// good as asked (`from_file` 2); a file's word (`from_file` 1) never replaces a stored file.
    private static let recordConflict = """
        ON CONFLICT(url) DO UPDATE SET
            state = CASE WHEN media_downloads.state = 'stored' THEN 'stored' ELSE excluded.state END,
            sha256 = CASE WHEN excluded.state = 'stored' THEN excluded.sha256 ELSE media_downloads.sha256 END,
            mime = CASE WHEN excluded.state = 'stored' THEN excluded.mime ELSE media_downloads.mime END,
            stored_at = CASE WHEN excluded.state = 'stored' THEN excluded.stored_at ELSE media_downloads.stored_at END,
            from_file = CASE WHEN excluded.state = 'stored' THEN excluded.from_file
                WHEN media_downloads.from_file = 1 AND excluded.state = 'failed' THEN 2
                ELSE media_downloads.from_file END,
            failure = excluded.failure, http_status = excluded.http_status,
            attempts = media_downloads.attempts + 1, last_attempt_at = excluded.last_attempt_at
        WHERE excluded.from_file <> 1 OR media_downloads.state <> 'stored'
        """

    /// Every catalogued file, by hash (bytewise).
    package static func storedFiles(_ dialect: any SQLDialect) -> String {
        "SELECT sha256, ext, size FROM media_files ORDER BY \(dialect.bytewise("sha256"))"
    }

    /// The URLs a file is stored for, newest first: ?1 its hash.
    package static let sources = """
        SELECT url, kind FROM media_downloads WHERE sha256 = ?1 AND state = 'stored' ORDER BY stored_at DESC
        """

    /// The stored file of a URL: ?1 the URL.
    package static let fileForURL = """
        SELECT f.sha256, f.ext, f.size FROM media_downloads d JOIN media_files f ON f.sha256 = d.sha256
        WHERE d.url = ?1 AND d.state = 'stored'
        """

    /// Forgets the downloads of URLs nothing archived names any more.
    package static func forgetUnreferenced(_ dialect: any SQLDialect) -> String {
        """
        DELETE FROM media_downloads WHERE url NOT IN (
            SELECT url FROM media_attachments WHERE url IS NOT NULL
            UNION SELECT remote_url FROM media_attachments WHERE remote_url IS NOT NULL
            UNION SELECT preview_url FROM media_attachments WHERE preview_url IS NOT NULL
            UNION SELECT avatar FROM authors WHERE avatar IS NOT NULL
            UNION SELECT avatar FROM author_versions WHERE avatar IS NOT NULL
            UNION SELECT header FROM author_versions WHERE header IS NOT NULL
            UNION SELECT u FROM (\(dialect.emojiURLs)) emoji)
        """
    }

    /// Catalogued files no URL is stored for and no profile version keeps (``ProfileMediaStatements``).
    package static let orphans = """
        SELECT sha256, ext, size FROM media_files f
        WHERE NOT EXISTS (SELECT 1 FROM media_downloads d WHERE d.sha256 = f.sha256 AND d.state = 'stored')
          AND NOT EXISTS (SELECT 1 FROM author_versions v WHERE v.avatar_sha256 = f.sha256)
          AND NOT EXISTS (SELECT 1 FROM author_versions v WHERE v.header_sha256 = f.sha256)
        """
    /// Records when files were found sound: ?1 now, ?2 their hashes (see ``SQLDialect/isAny(_:of:)``).
    package static func verified(_ dialect: any SQLDialect) -> String {
        "UPDATE media_files SET verified_at = ?1 WHERE " + dialect.isAny("sha256", of: "?2")
    }
    /// Unlinks the downloads not stored from files that go: ?1 the files' hashes.
    package static func unlinkDownloads(_ dialect: any SQLDialect) -> String {
        "UPDATE media_downloads SET sha256 = NULL WHERE state <> 'stored' AND " + dialect.isAny("sha256", of: "?1")
    }
    /// Forgets files: ?1 their hashes.
    package static func forgetFiles(_ dialect: any SQLDialect) -> String {
        "DELETE FROM media_files WHERE " + dialect.isAny("sha256", of: "?1")
    }
}
