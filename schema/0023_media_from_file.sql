-- Whose word a URL's stored file is (issue 42): a file (a WARC capture, an export) can hold any
-- picture under any URL. An import fills a URL no sync stored (never replaces one), but such a copy
-- must not stop the server from being asked: the next media fetch asks the server for it once. If the
-- server serves it, its verified file replaces the file's copy; if not (404, refused, too big), the
-- file's copy is kept and the URL is not asked again.
--   from_file 0: the stored file (if any) is the server's;
--             1: a file's copy the server has not been asked about yet;
--             2: a file's copy the server was asked about and did not serve.
-- Files stored before this have no record of where they came from, and a file's copy passed for the
-- server's: every stored URL is taken as a file's copy, so the next fetch asks the server once for
-- each (the same bytes hash to the same file, so nothing is stored twice; a URL the server no longer
-- serves keeps its file). That costs one download per stored URL, once, and is the only safe answer.
-- An attachment shows the file of its remote_url unless that is a file's copy and its url has the
-- server's (media_attachment_files), so a server's file is never hidden by a file's.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE media_downloads ADD COLUMN from_file INTEGER NOT NULL DEFAULT 0;
UPDATE media_downloads SET from_file = 1 WHERE state = 'stored';

DROP VIEW media_attachment_files;
CREATE VIEW media_attachment_files AS
SELECT c.status_id, c.position, c.media_id, c.type, c.description, c.blurhash, c.width, c.height,
       CASE WHEN c.from_url THEN c.url_sha256 ELSE c.remote_sha256 END AS sha256,
       f.ext, f.size, f.mime,
       CASE WHEN NOT c.from_url THEN c.remote_url WHEN c.url_sha256 IS NOT NULL THEN c.url END AS source_url,
       c.preview_sha256
FROM (
    SELECT a.status_id, a.position, a.media_id, a.type, a.description, a.blurhash, a.width, a.height,
           a.remote_url, a.url, r.sha256 AS remote_sha256, u.sha256 AS url_sha256,
           (r.sha256 IS NULL OR (r.from_file > 0 AND COALESCE(u.from_file, 1) = 0)) AS from_url,
           p.sha256 AS preview_sha256
    FROM media_attachments a
    LEFT JOIN media_downloads r ON r.url = a.remote_url AND r.state = 'stored'
    LEFT JOIN media_downloads u ON u.url = a.url AND u.state = 'stored'
    LEFT JOIN media_downloads p ON p.url = a.preview_url AND p.state = 'stored'
) c
LEFT JOIN media_files f ON f.sha256 = CASE WHEN c.from_url THEN c.url_sha256 ELSE c.remote_sha256 END;
