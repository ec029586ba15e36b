-- Views for browsing the archive with Datasette, sqlite-utils or sqlite3: the common questions without
-- knowing the schema, and the raw JSON as text (raw_json is a BLOB, which Datasette shows as <Binary>).
-- Views store nothing and change no table, index or trigger.
-- Nothing in this file may change once shipped: add a new numbered file instead.

-- Posts (a boost is not one: the post it boosts is, with the timelines the boost was seen in): number is what
-- `icebox show` takes; sort_key is the word index's rowid, so a full-text search is
--   SELECT * FROM posts WHERE sort_key IN (SELECT rowid FROM statuses_fts WHERE statuses_fts MATCH 'coffee')
-- (Icebox writes metadata.json beside the archive so that Datasette's ?_search= does exactly that).
-- author_opted_out: the author asked not to be found by full-text search (see README, "consent").
CREATE VIEW posts AS
SELECT s.id AS number, s.created_at, s.author_handle AS author, s.author_name, s.text, s.spoiler_text,
       s.url, s.uri, s.visibility, s.language, s.tag_names AS hashtags, s.media_count, s.in_reply_to AS is_reply,
       s.replies_count, s.reblogs_count, s.favourites_count,
       (SELECT group_concat(spec, ', ') FROM (
            SELECT t.spec || IFNULL(' (' || a.handle || ')', '') AS spec FROM timeline_statuses ts
            JOIN timelines t ON t.id = ts.timeline_id LEFT JOIN archiving_accounts a ON a.id = t.account_id
            WHERE ts.status_id = s.id OR ts.status_id IN (SELECT b.id FROM statuses b WHERE b.reblog_uri = s.uri)
            ORDER BY t.id)) AS timelines,
       IFNULL(au.opted_out, 0) AS author_opted_out,
       s.sort_key, CAST(s.raw_json AS TEXT) AS raw_json, s.raw_server
FROM statuses s LEFT JOIN authors au ON au.handle = s.author_handle
WHERE s.reblog_uri IS NULL;

-- Media attachments with their alt text and, when the media archive holds the file, its path relative
-- to the archive folder (media/ab/cd/<sha256>.<ext>).
CREATE VIEW post_media AS
SELECT f.status_id AS number, f.position, f.type, f.description AS alt_text,
       CASE WHEN f.sha256 IS NOT NULL
            THEN 'media/' || substr(f.sha256, 1, 2) || '/' || substr(f.sha256, 3, 2) || '/' || f.sha256 || '.' || f.ext
       END AS local_path,
       f.mime, f.size, f.source_url, f.width, f.height
FROM media_attachment_files f;
