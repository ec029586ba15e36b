-- Icebox archive, first schema.
-- Dates are stored as text in Mastodon's own format (UTC, milliseconds, Z), which sorts as time does.
-- Nothing in this file may change once shipped: add a new numbered file instead.

-- The user's own accounts that Icebox archives with. Tokens are NOT here: they live in
-- credentials.json (mode 0600) so this database can be shared without secrets.
CREATE TABLE archiving_accounts (
    id            INTEGER PRIMARY KEY,
    handle        TEXT NOT NULL UNIQUE,        -- user@host
    server        TEXT NOT NULL,               -- https://host (http:// only for loopback)
    remote_id     TEXT NOT NULL,               -- the account's id on its server (opaque)
    username      TEXT NOT NULL,
    display_name  TEXT NOT NULL DEFAULT '',
    url           TEXT,
    added_at      TEXT NOT NULL,
    removed_at    TEXT                         -- removed accounts keep what they archived
);

-- Pinned timelines and where each one's sync stands.
CREATE TABLE timelines (
    id                 INTEGER PRIMARY KEY,
    spec               TEXT NOT NULL,          -- home, local, tag:swift, remote:host, tag:x@host ...
    account_id         INTEGER REFERENCES archiving_accounts(id),   -- NULL: read without login
    server             TEXT NOT NULL,          -- the server the timeline is read from
    added_at           TEXT NOT NULL,
    removed_at         TEXT,                   -- unpinned; its statuses stay archived
    newest_cursor      TEXT,                   -- catch-up continues above this (min_id), opaque
    backfill_cursor    TEXT,                   -- backfill continues below this (max_id), opaque
    backfill_complete  INTEGER NOT NULL DEFAULT 0,
    backfill_pages     INTEGER NOT NULL DEFAULT 0,
    last_sync_at       TEXT,
    last_result        TEXT,                   -- ok, failed, refused
    last_error         TEXT
);
CREATE UNIQUE INDEX timelines_by_spec ON timelines(spec, IFNULL(account_id, 0));

-- One row per post, keyed by its ActivityPub uri: the same post seen on several servers is one row.
CREATE TABLE statuses (
    id                INTEGER PRIMARY KEY,
    uri               TEXT NOT NULL UNIQUE,
    url               TEXT,
    created_at        TEXT NOT NULL,
    edited_at         TEXT,
    author_handle     TEXT NOT NULL,           -- user@host, always qualified
    author_name       TEXT NOT NULL DEFAULT '',
    reblog_uri        TEXT,                    -- set on a boost: the uri of the boosted post
    visibility        TEXT NOT NULL,
    language          TEXT,
    sensitive         INTEGER NOT NULL DEFAULT 0,
    spoiler_text      TEXT NOT NULL DEFAULT '',
    content           TEXT NOT NULL,           -- HTML as sent
    text              TEXT NOT NULL,           -- plain text for the index
    alt_text          TEXT NOT NULL DEFAULT '',-- media descriptions
    extra_text        TEXT NOT NULL DEFAULT '',-- poll options, card title and description
    search_author     TEXT NOT NULL DEFAULT '',-- display name and handle, for the index
    tag_names         TEXT NOT NULL DEFAULT '',-- hashtags, space separated, lower case
    media_count       INTEGER NOT NULL DEFAULT 0,
    has_poll          INTEGER NOT NULL DEFAULT 0,
    has_card          INTEGER NOT NULL DEFAULT 0,
    in_reply_to       INTEGER NOT NULL DEFAULT 0,
    replies_count     INTEGER NOT NULL DEFAULT 0,
    reblogs_count     INTEGER NOT NULL DEFAULT 0,
    favourites_count  INTEGER NOT NULL DEFAULT 0,
    raw_json          BLOB NOT NULL,           -- the status JSON byte-for-byte as the server sent it
    raw_server        TEXT NOT NULL,           -- the server raw_json came from
    first_seen_at     TEXT NOT NULL,
    updated_at        TEXT NOT NULL,
    gone_at           TEXT                     -- the server said 404/410; the row is kept
);
CREATE INDEX statuses_by_created ON statuses(created_at);
CREATE INDEX statuses_by_author ON statuses(author_handle, created_at);
CREATE INDEX statuses_by_reblog ON statuses(reblog_uri) WHERE reblog_uri IS NOT NULL;

-- Each server's own id for a status (ids differ per server), and its reply parent there.
CREATE TABLE status_ids (
    server          TEXT NOT NULL,
    local_id        TEXT NOT NULL,
    status_id       INTEGER NOT NULL REFERENCES statuses(id),
    in_reply_to_id  TEXT,
    PRIMARY KEY (server, local_id)
) WITHOUT ROWID;
CREATE INDEX status_ids_by_status ON status_ids(status_id);
CREATE INDEX status_ids_by_parent ON status_ids(server, in_reply_to_id) WHERE in_reply_to_id IS NOT NULL;

-- Which timelines a status was seen in.
CREATE TABLE timeline_statuses (
    timeline_id    INTEGER NOT NULL REFERENCES timelines(id),
    status_id      INTEGER NOT NULL REFERENCES statuses(id),
    first_seen_at  TEXT NOT NULL,
    PRIMARY KEY (timeline_id, status_id)
) WITHOUT ROWID;
CREATE INDEX timeline_statuses_by_status ON timeline_statuses(status_id);

-- Earlier versions of edited statuses, as they were archived before the edit arrived.
CREATE TABLE status_versions (
    id           INTEGER PRIMARY KEY,
    status_id    INTEGER NOT NULL REFERENCES statuses(id),
    edited_at    TEXT,
    raw_json     BLOB NOT NULL,
    replaced_at  TEXT NOT NULL
);
CREATE INDEX status_versions_by_status ON status_versions(status_id);

-- Attachments as the server describes them (the files themselves come with the media archive).
CREATE TABLE media_attachments (
    status_id    INTEGER NOT NULL REFERENCES statuses(id),
    position     INTEGER NOT NULL,
    media_id     TEXT NOT NULL,
    type         TEXT NOT NULL,
    url          TEXT,
    preview_url  TEXT,
    remote_url   TEXT,
    description  TEXT,
    blurhash     TEXT,
    width        INTEGER,
    height       INTEGER,
    PRIMARY KEY (status_id, position)
) WITHOUT ROWID;

-- Authors as last seen.
CREATE TABLE authors (
    handle        TEXT PRIMARY KEY,            -- user@host
    uri           TEXT,
    url           TEXT,
    display_name  TEXT NOT NULL DEFAULT '',
    avatar        TEXT,
    raw_json      BLOB NOT NULL,
    updated_at    TEXT NOT NULL
) WITHOUT ROWID;

-- Full-text index over the statuses' text columns (external content: no second copy of the text).
-- Boosts index nothing themselves: they are found through the post they boost.
CREATE VIRTUAL TABLE statuses_fts USING fts5(
    text, spoiler_text, alt_text, extra_text, search_author, tag_names,
    content = 'statuses', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER statuses_fts_insert AFTER INSERT ON statuses BEGIN
    INSERT INTO statuses_fts(rowid, text, spoiler_text, alt_text, extra_text, search_author, tag_names)
    VALUES (new.id, new.text, new.spoiler_text, new.alt_text, new.extra_text, new.search_author, new.tag_names);
END;

CREATE TRIGGER statuses_fts_delete AFTER DELETE ON statuses BEGIN
    INSERT INTO statuses_fts(statuses_fts, rowid, text, spoiler_text, alt_text, extra_text, search_author, tag_names)
    VALUES ('delete', old.id, old.text, old.spoiler_text, old.alt_text, old.extra_text, old.search_author, old.tag_names);
END;

CREATE TRIGGER statuses_fts_update
AFTER UPDATE OF text, spoiler_text, alt_text, extra_text, search_author, tag_names ON statuses BEGIN
    INSERT INTO statuses_fts(statuses_fts, rowid, text, spoiler_text, alt_text, extra_text, search_author, tag_names)
    VALUES ('delete', old.id, old.text, old.spoiler_text, old.alt_text, old.extra_text, old.search_author, old.tag_names);
    INSERT INTO statuses_fts(rowid, text, spoiler_text, alt_text, extra_text, search_author, tag_names)
    VALUES (new.id, new.text, new.spoiler_text, new.alt_text, new.extra_text, new.search_author, new.tag_names);
END;
