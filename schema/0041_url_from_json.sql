-- statuses.url read from the raw JSON instead of stored a second time (issue 43: bytes per status), as
-- 0034 did for content. The column held the "url" member of raw_json, decoded (an empty string read as
-- none): 48 of the 3,091 bytes a status took on the realistic corpus. It is now a VIRTUAL generated column
-- with the same name and value, so `sqlite3`, Datasette and every query read it as before, and no byte of
-- it is on disk. JSON SQLite cannot read, without "url", or with one that is not a string gives NULL (as
-- such a status decodes). url_kept holds a row's url only where its JSON would not give that text back
-- (a boosted post stored without its own raw JSON, a redacted status); it is NULL, one byte, everywhere
-- else. (A stored url of NULL whose JSON has one, which no Icebox wrote, reads the JSON's.)
-- The posts view names the column, and SQLite drops no column a view names: the view is made again as it
-- was. DROP COLUMN rewrites each row once (no trigger runs); the space it frees stays inside the table's
-- pages until a VACUUM.
-- Nothing in this file may change once shipped: add a new numbered file instead.

DROP VIEW posts;

ALTER TABLE statuses ADD COLUMN url_kept TEXT;
UPDATE statuses SET url_kept = url
WHERE url IS NOT (CASE WHEN json_valid(CAST(raw_json AS TEXT))
                            AND json_type(CAST(raw_json AS TEXT), '$.url') = 'text'
                       THEN NULLIF(json_extract(CAST(raw_json AS TEXT), '$.url'), '') END);

ALTER TABLE statuses DROP COLUMN url;
ALTER TABLE statuses ADD COLUMN url TEXT GENERATED ALWAYS AS (
    IFNULL(url_kept, CASE WHEN json_valid(CAST(raw_json AS TEXT))
                               AND json_type(CAST(raw_json AS TEXT), '$.url') = 'text'
                          THEN NULLIF(json_extract(CAST(raw_json AS TEXT), '$.url'), '') END)
) VIRTUAL;

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
       s.sort_key, (SELECT j.raw_json FROM status_json j WHERE j.number = s.id) AS raw_json, s.raw_server
FROM statuses s LEFT JOIN authors au ON au.handle = s.author_handle
WHERE s.reblog_uri IS NULL;
