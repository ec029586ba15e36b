-- Bringing history from elsewhere (issue 18): where a status came from beyond the servers that served
-- it, and the favourites, bookmarks and boosts an export names only by uri.
-- Nothing in this file may change once shipped: add a new numbered file instead.

-- Each file a status was imported from (Mastodon's own export, mastodon-archive, mastodon-to-sqlite,
-- JSON Lines) with the source's own object byte for byte: for Mastodon's export, the ActivityPub
-- object the archive's row was mapped from. Synced statuses need no row here: their timelines
-- (timeline_statuses) and server ids (status_ids) already say where they came from.
CREATE TABLE status_sources (
    status_id    INTEGER NOT NULL REFERENCES statuses(id),
    format       TEXT NOT NULL,              -- mastodon-export, mastodon-archive, mastodon-to-sqlite, jsonl
    file         TEXT NOT NULL,              -- the file's name as given to `icebox import`
    entry        TEXT NOT NULL DEFAULT '',   -- where in it: outbox.json, line 12, statuses[3]
    raw_json     BLOB,                       -- the source's object as it stood in the file
    imported_at  TEXT NOT NULL,
    PRIMARY KEY (status_id, format, file)
) WITHOUT ROWID;

-- Statuses an import names but does not hold: the account's favourites and bookmarks (likes.json,
-- bookmarks.json) and the posts it boosted (an Announce names only a uri). Kept by uri until the
-- status itself is archived, by a sync or `icebox import ... --resolve`; `is:favourited` and
-- `is:bookmarked` find an archived status through them.
CREATE TABLE status_references (
    account_handle  TEXT NOT NULL,           -- user@host whose favourite, bookmark or boost it is
    kind            TEXT NOT NULL,           -- favourite, bookmark, boost
    uri             TEXT NOT NULL,           -- the status named
    activity_uri    TEXT,                    -- a boost's own Announce id
    published_at    TEXT,                    -- a boost's date
    file            TEXT NOT NULL,           -- the file that named it
    recorded_at     TEXT NOT NULL,
    PRIMARY KEY (account_handle, kind, uri)
) WITHOUT ROWID;
CREATE INDEX status_references_by_uri ON status_references(uri);

-- A post an import names as a favourite, bookmark or boost of the user carries the same mark as one
-- listed in the archived favourites or bookmarks timeline, or boosted by an archiving account (see
-- 0012_user_marks), whether the post is archived before the reference or after it.
CREATE TRIGGER status_references_user_marks AFTER INSERT ON status_references BEGIN
    UPDATE statuses SET user_marks = user_marks | (CASE new.kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2 ELSE 64 END)
    WHERE uri = new.uri;
END;

CREATE TRIGGER statuses_referenced_user_marks AFTER INSERT ON statuses
WHEN EXISTS (SELECT 1 FROM status_references WHERE uri = new.uri)
BEGIN
    UPDATE statuses SET user_marks = user_marks | (
        SELECT SUM(DISTINCT CASE kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2 ELSE 64 END)
        FROM status_references WHERE uri = new.uri)
    WHERE id = new.id;
END;
