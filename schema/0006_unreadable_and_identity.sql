-- Real-world ingestion: one status Icebox cannot read never stops the rest of its page.
-- Nothing in this file may change once shipped: add a new numbered file instead.

-- Statuses a server sent that Icebox could not read (or store), kept byte for byte with where they came
-- from and why, so nothing is lost: a later Icebox that can read one archives it from these bytes
-- without asking the server again, and marks the row archived (the row itself stays as a record).
CREATE TABLE unreadable_statuses (
    id              INTEGER PRIMARY KEY,
    server          TEXT NOT NULL,           -- the host (with port) that served it
    item_key        TEXT NOT NULL,           -- 'id:<its id there>', or 'sha256:<hex of raw_json>' without one
    local_id        TEXT,                    -- its id on that server, when the bytes had one
    timeline_id     INTEGER REFERENCES timelines(id),   -- NULL: read outside a timeline (a thread's context)
    page_cursor     TEXT NOT NULL DEFAULT '',-- the page it came on: max_id=…, min_id=…, or '' for the newest
    error           TEXT NOT NULL,           -- why it could not be read, naming the field
    raw_json        BLOB NOT NULL,           -- the status JSON exactly as served (the newest copy seen)
    icebox_version  TEXT NOT NULL,           -- the Icebox that could not read it; a newer one tries by itself
    first_seen_at   TEXT NOT NULL,
    last_seen_at    TEXT NOT NULL,
    archived_at     TEXT,                    -- read later and archived as status_id
    status_id       INTEGER REFERENCES statuses(id),
    UNIQUE (server, item_key)
);
CREATE INDEX unreadable_statuses_pending ON unreadable_statuses(id) WHERE archived_at IS NULL;

-- A status without `uri` (some forks) is keyed by its url, else by its server and id there
-- (urn:icebox:status:<host>:<id>). NULL: the key is the server's own uri.
ALTER TABLE statuses ADD COLUMN uri_kind TEXT;
