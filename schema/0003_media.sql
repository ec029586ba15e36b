-- The media archive: each file stored once by its content, and what became of every URL Icebox fetched.
-- Files live at media/ab/cd/<sha256>.<ext> under the archive folder (ab, cd: the hash's first bytes).
-- Nothing in this file may change once shipped: add a new numbered file instead.

-- One row per stored file, whatever and however many attachments, avatars or emoji point at it.
CREATE TABLE media_files (
    sha256       TEXT PRIMARY KEY,             -- lower-case hex of the bytes
    ext          TEXT NOT NULL,                -- file name extension, from the MIME type or the URL
    size         INTEGER NOT NULL,             -- bytes
    mime         TEXT NOT NULL,
    stored_at    TEXT NOT NULL,
    verified_at  TEXT                          -- last time a re-hash matched
) WITHOUT ROWID;

-- Every URL the media archive tried, keyed by the URL itself: attachments are rewritten when a status
-- is edited, and one URL may be referenced by many statuses; its outcome is kept either way.
CREATE TABLE media_downloads (
    url              TEXT PRIMARY KEY,
    kind             TEXT NOT NULL,            -- original, preview, avatar, emoji
    state            TEXT NOT NULL,            -- stored; failed (permanent, not retried unless asked); retry
    sha256           TEXT REFERENCES media_files(sha256),
    mime             TEXT,                     -- as the server declared it
    failure          TEXT,                     -- why the last attempt failed, in words
    http_status      INTEGER,
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_attempt_at  TEXT,
    stored_at        TEXT
) WITHOUT ROWID;
CREATE INDEX media_downloads_by_file ON media_downloads(sha256) WHERE sha256 IS NOT NULL;
CREATE INDEX media_downloads_by_state ON media_downloads(state, kind);

-- Each attachment with the file it is stored as: the original from remote_url (the origin server's
-- copy) or else url (the serving server's, possibly /media_proxy), and its preview.
CREATE VIEW media_attachment_files AS
SELECT a.status_id, a.position, a.media_id, a.type, a.description, a.blurhash, a.width, a.height,
       COALESCE(r.sha256, u.sha256) AS sha256,
       f.ext, f.size, f.mime,
       CASE WHEN r.sha256 IS NOT NULL THEN a.remote_url WHEN u.sha256 IS NOT NULL THEN a.url END AS source_url,
       p.sha256 AS preview_sha256
FROM media_attachments a
LEFT JOIN media_downloads r ON r.url = a.remote_url AND r.state = 'stored'
LEFT JOIN media_downloads u ON u.url = a.url AND u.state = 'stored'
LEFT JOIN media_files f ON f.sha256 = COALESCE(r.sha256, u.sha256)
LEFT JOIN media_downloads p ON p.url = a.preview_url AND p.state = 'stored';
