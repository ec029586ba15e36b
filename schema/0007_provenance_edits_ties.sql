-- Which copy of a post wins, every earlier version of an edited post, and any number of statuses in
-- one millisecond. Nothing in this file may change once shipped: add a new numbered file instead.

-- How much the copy in raw_json is to be believed: 3, from the post's own server (the uri's host);
-- 2, from a server one of the user's accounts is on; 1, from a server read anonymously (remote:).
-- A copy never replaces one of higher authority, so a server cannot overwrite another's post.
ALTER TABLE statuses ADD COLUMN raw_authority INTEGER NOT NULL DEFAULT 2;
UPDATE statuses SET raw_authority = 3
WHERE uri LIKE 'https://' || raw_server || '/%' OR uri LIKE 'http://' || raw_server || '/%';
UPDATE statuses SET raw_authority = 1
WHERE raw_authority = 2 AND NOT EXISTS (
    SELECT 1 FROM archiving_accounts a WHERE a.server IN ('https://' || statuses.raw_server, 'http://' || statuses.raw_server));

-- Other servers' copies of a post that did not win (less authoritative, or dated in the future) or that
-- a more authoritative copy replaced: kept with their source, so nothing a server sent is lost.
CREATE TABLE status_copies (
    id             INTEGER PRIMARY KEY,
    status_id      INTEGER NOT NULL REFERENCES statuses(id),
    server         TEXT NOT NULL,
    authority      INTEGER NOT NULL,
    edited_at      TEXT NOT NULL DEFAULT '', -- '' when the copy was never edited
    raw_json       BLOB NOT NULL,
    first_seen_at  TEXT NOT NULL,
    last_seen_at   TEXT NOT NULL,
    UNIQUE (status_id, server, edited_at)
);

-- Every version of an edited post as its server's /api/v1/statuses/:id/history served it, so the
-- archive holds each earlier version even when Icebox never saw it live.
CREATE TABLE status_edits (
    status_id   INTEGER NOT NULL REFERENCES statuses(id),
    position    INTEGER NOT NULL,            -- 0 for the original; histories only grow
    created_at  TEXT NOT NULL,               -- when this version was written
    server      TEXT NOT NULL,
    raw_json    BLOB NOT NULL,               -- the version's JSON exactly as served
    fetched_at  TEXT NOT NULL,
    PRIMARY KEY (status_id, position)
) WITHOUT ROWID;

-- Edited posts whose history is still to be fetched (within the rate budget, next run if need be).
CREATE TABLE edit_history_wanted (
    status_id  INTEGER PRIMARY KEY REFERENCES statuses(id),
    server     TEXT NOT NULL,
    local_id   TEXT NOT NULL,
    edited_at  TEXT NOT NULL,
    wanted_at  TEXT NOT NULL
);
CREATE INDEX edit_history_wanted_by_server ON edit_history_wanted(server);

-- More than 4096 statuses in one millisecond: the rest take the next free keys above it (at most a
-- minute above), so the indexes' order stays the dates' order to within that millisecond run.
DROP TRIGGER statuses_sort_key_insert;
DROP TRIGGER statuses_sort_key_update;

CREATE TRIGGER statuses_sort_key_insert BEFORE INSERT ON statuses
WHEN new.sort_key IS NULL
    OR (new.sort_key >> 12) < (CAST(strftime('%s', new.created_at) AS INTEGER) * 1000 + CAST(substr(new.created_at, 21, 3) AS INTEGER))
    OR (new.sort_key >> 12) > (CAST(strftime('%s', new.created_at) AS INTEGER) * 1000 + CAST(substr(new.created_at, 21, 3) AS INTEGER)) + 60000
BEGIN
    SELECT RAISE(ABORT, 'statuses.sort_key must be the created_at millisecond (or one less than a minute above it) << 12 plus a tie number');
END;

CREATE TRIGGER statuses_sort_key_update BEFORE UPDATE OF created_at, sort_key ON statuses
WHEN new.sort_key IS NULL
    OR (new.sort_key >> 12) < (CAST(strftime('%s', new.created_at) AS INTEGER) * 1000 + CAST(substr(new.created_at, 21, 3) AS INTEGER))
    OR (new.sort_key >> 12) > (CAST(strftime('%s', new.created_at) AS INTEGER) * 1000 + CAST(substr(new.created_at, 21, 3) AS INTEGER)) + 60000
BEGIN
    SELECT RAISE(ABORT, 'statuses.sort_key must be the created_at millisecond (or one less than a minute above it) << 12 plus a tie number');
END;
