-- Deletions kept as tombstones, and a ledger of the windows Icebox could not read (issue 17).
-- Nothing in this file may change once shipped: add a new numbered file instead.

-- How Icebox learned that a status is gone from its server (gone_at is when): stream (a `delete`
-- event of the streaming API), recheck (`icebox sync --recheck` found it 404/410), fetch (a thread
-- fetched with `export --fetch`). NULL on rows marked gone before this file: learned by fetch.
ALTER TABLE statuses ADD COLUMN gone_via TEXT;
-- When the text and media of a gone status were removed (settings: deletions = redact); the row stays
-- as a tombstone with its uri, author, dates and gone_at.
ALTER TABLE statuses ADD COLUMN redacted_at TEXT;
UPDATE statuses SET gone_via = 'fetch' WHERE gone_at IS NOT NULL;
CREATE INDEX statuses_gone ON statuses(gone_at) WHERE gone_at IS NOT NULL;

-- Windows of a timeline Icebox could not read: between the newest archived entry (from) and the oldest
-- entry the server still served (to). cause: trimmed (the home or list feed dropped entries past the
-- last archived one), refused (the server refused the timeline), backfill-limit (the server would go
-- back no further). A gap is closed when a later catch-up or `watch` reads through it.
CREATE TABLE timeline_gaps (
    id           INTEGER PRIMARY KEY,
    timeline_id  INTEGER NOT NULL REFERENCES timelines(id),
    cause        TEXT NOT NULL,
    from_id      TEXT,                       -- the newest status id read below the gap (exclusive)
    to_id        TEXT,                       -- the oldest status id read above the gap (exclusive)
    from_time    TEXT,                       -- created_at of from_id's status
    to_time      TEXT,                       -- created_at of to_id's status
    opened_at    TEXT NOT NULL,
    closed_at    TEXT,
    closed_by    TEXT                        -- sync, watch
);
CREATE INDEX timeline_gaps_open ON timeline_gaps(timeline_id) WHERE closed_at IS NULL;
