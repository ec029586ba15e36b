-- Each author's account object stored once (issue 30): it is half of a status's raw JSON and repeats in
-- every post. A status stored from now on keeps in raw_json its JSON with {} in place of the outer
-- "account" object (so raw_json stays JSON and its other members read as before), that object's number
-- in raw_account and, in raw_account_at, how many bytes of raw_json come before it. The JSON as the
-- server sent it, byte for byte, is then
--   substr(raw_json, 1, raw_account_at) || raw_accounts.json || substr(raw_json, raw_account_at + 3)
-- which the status_json and posts views below return (Icebox reads it through the same expression). A row
-- whose raw_account is NULL holds its JSON whole: every row stored before this migration, and any status
-- whose account object could not be told apart without doubt (see RawJSON.uniqueObjectRange).
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE raw_accounts (
    id    INTEGER PRIMARY KEY,
    hash  INTEGER NOT NULL,                  -- 64-bit FNV-1a of json, to find it again (bytes compared too)
    json  BLOB NOT NULL                      -- the account object byte for byte as a server sent it
);
CREATE INDEX raw_accounts_by_hash ON raw_accounts(hash);

ALTER TABLE statuses ADD COLUMN raw_account INTEGER REFERENCES raw_accounts(id);
ALTER TABLE statuses ADD COLUMN raw_account_at INTEGER;

-- Every status (boosts too) with its JSON as sent, as text: what `SELECT raw_json FROM statuses` gave
-- before this migration.
CREATE VIEW status_json AS
SELECT s.id AS number, s.uri, s.raw_server,
       CAST(CASE WHEN s.raw_account IS NULL THEN s.raw_json
                 ELSE substr(s.raw_json, 1, s.raw_account_at)
                      || (SELECT a.json FROM raw_accounts a WHERE a.id = s.raw_account)
                      || substr(s.raw_json, s.raw_account_at + 3) END AS TEXT) AS raw_json
FROM statuses s;

-- The posts view of 0010_datasette_views, its raw_json whole again.
DROP VIEW posts;
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
