-- Icebox archive on PostgreSQL: the same tables and rules as the SQLite archive (schema/0001–0008),
-- written once for PostgreSQL. Dates are text in Mastodon's own format (UTC, milliseconds, Z), compared
-- byte by byte (COLLATE "C"), so they sort as time does and read back exactly as stored.
-- Raw JSON is bytea: byte for byte as the server sent it (jsonb would reorder keys and drop duplicates).
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE EXTENSION IF NOT EXISTS unaccent;

-- Every language alike, as the SQLite index (unicode61, remove_diacritics): no stemming, no stop words,
-- lower case, accents removed. Icebox splits text into words itself (as SQLite's tokenizer does) before
-- PostgreSQL sees it, so both stores find the same statuses for the same words.
CREATE TEXT SEARCH CONFIGURATION icebox (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION icebox
    ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part,
        hword_numpart, email, url, host, sfloat, float, int, uint, version, file, url_path
    WITH unaccent, simple;

CREATE TABLE archiving_accounts (
    id            bigserial PRIMARY KEY,
    handle        text NOT NULL,               -- user@host as the server reports it: a label, not a key
    server        text NOT NULL,               -- the origin that issued the token
    remote_id     text NOT NULL,               -- the account's id on that origin (opaque)
    username      text NOT NULL,
    display_name  text NOT NULL DEFAULT '',
    url           text,
    added_at      text COLLATE "C" NOT NULL,
    removed_at    text COLLATE "C",
    UNIQUE (server, remote_id)
);
CREATE INDEX archiving_accounts_by_handle ON archiving_accounts(handle);

CREATE TABLE timelines (
    id                 bigserial PRIMARY KEY,
    spec               text NOT NULL,
    account_id         bigint REFERENCES archiving_accounts(id),
    server             text NOT NULL,
    added_at           text COLLATE "C" NOT NULL,
    removed_at         text COLLATE "C",
    newest_cursor      text,
    backfill_cursor    text,
    backfill_complete  boolean NOT NULL DEFAULT false,
    backfill_pages     integer NOT NULL DEFAULT 0,
    last_sync_at       text COLLATE "C",
    last_result        text,
    last_error         text
);
CREATE UNIQUE INDEX timelines_by_spec ON timelines(spec, COALESCE(account_id, 0));

CREATE TABLE statuses (
    id                bigserial PRIMARY KEY,
    uri               text NOT NULL UNIQUE,
    url               text,
    created_at        text COLLATE "C" NOT NULL,
    edited_at         text COLLATE "C",
    author_handle     text NOT NULL,
    author_name       text NOT NULL DEFAULT '',
    reblog_uri        text,
    visibility        text NOT NULL,
    language          text,
    sensitive         boolean NOT NULL DEFAULT false,
    spoiler_text      text NOT NULL DEFAULT '',
    content           text NOT NULL,
    text              text NOT NULL,
    alt_text          text NOT NULL DEFAULT '',
    extra_text        text NOT NULL DEFAULT '',
    search_author     text NOT NULL DEFAULT '',
    tag_names         text NOT NULL DEFAULT '',
    search_cjk        text NOT NULL DEFAULT '',
    media_count       integer NOT NULL DEFAULT 0,
    has_poll          boolean NOT NULL DEFAULT false,
    has_card          boolean NOT NULL DEFAULT false,
    in_reply_to       boolean NOT NULL DEFAULT false,
    replies_count     bigint NOT NULL DEFAULT 0,
    reblogs_count     bigint NOT NULL DEFAULT 0,
    favourites_count  bigint NOT NULL DEFAULT 0,
    raw_json          bytea NOT NULL,
    raw_server        text NOT NULL,
    uri_kind          text,
    raw_authority     smallint NOT NULL DEFAULT 2,
    first_seen_at     text COLLATE "C" NOT NULL,
    updated_at        text COLLATE "C" NOT NULL,
    gone_at           text COLLATE "C",
    -- The word index: the same six fields as SQLite's statuses_fts, weighted for relevance as there
    -- (text A; content warning and hashtags B; alt text C; author, card and poll D).
    search_words      tsvector NOT NULL DEFAULT ''::tsvector,
    -- The space-less scripts' two-character pieces (see NoSpaceScript), as SQLite's statuses_cjk.
    search_pieces     tsvector NOT NULL DEFAULT ''::tsvector
);
CREATE INDEX statuses_by_created ON statuses(created_at, id);
CREATE INDEX statuses_by_author_lower ON statuses(lower(author_handle), created_at);
CREATE INDEX statuses_by_reblog ON statuses(reblog_uri) WHERE reblog_uri IS NOT NULL;
CREATE INDEX statuses_by_language ON statuses(language, created_at);
CREATE INDEX statuses_search_words ON statuses USING gin(search_words) WHERE reblog_uri IS NULL;
CREATE INDEX statuses_search_pieces ON statuses USING gin(search_pieces) WHERE search_cjk <> '';

CREATE TABLE status_ids (
    server          text NOT NULL,
    local_id        text NOT NULL,
    status_id       bigint NOT NULL REFERENCES statuses(id),
    in_reply_to_id  text,
    PRIMARY KEY (server, local_id)
);
CREATE INDEX status_ids_by_status ON status_ids(status_id);
CREATE INDEX status_ids_by_parent ON status_ids(server, in_reply_to_id) WHERE in_reply_to_id IS NOT NULL;
CREATE INDEX status_ids_by_local_id ON status_ids(local_id);

CREATE TABLE timeline_statuses (
    timeline_id    bigint NOT NULL REFERENCES timelines(id),
    status_id      bigint NOT NULL REFERENCES statuses(id),
    first_seen_at  text COLLATE "C" NOT NULL,
    PRIMARY KEY (timeline_id, status_id)
);
CREATE INDEX timeline_statuses_by_status ON timeline_statuses(status_id);

CREATE TABLE status_versions (
    id           bigserial PRIMARY KEY,
    status_id    bigint NOT NULL REFERENCES statuses(id),
    edited_at    text COLLATE "C",
    raw_json     bytea NOT NULL,
    replaced_at  text COLLATE "C" NOT NULL
);
CREATE INDEX status_versions_by_status ON status_versions(status_id);

CREATE TABLE media_attachments (
    status_id    bigint NOT NULL REFERENCES statuses(id),
    position     integer NOT NULL,
    media_id     text NOT NULL,
    type         text NOT NULL,
    url          text,
    preview_url  text,
    remote_url   text,
    description  text,
    blurhash     text,
    width        bigint,
    height       bigint,
    PRIMARY KEY (status_id, position)
);
CREATE INDEX media_attachments_by_type ON media_attachments(type, status_id);

CREATE TABLE authors (
    handle        text PRIMARY KEY,
    uri           text,
    url           text,
    display_name  text NOT NULL DEFAULT '',
    avatar        text,
    raw_json      bytea NOT NULL,
    updated_at    text COLLATE "C" NOT NULL
);

CREATE TABLE unreadable_statuses (
    id              bigserial PRIMARY KEY,
    server          text NOT NULL,
    item_key        text NOT NULL,
    local_id        text,
    timeline_id     bigint REFERENCES timelines(id),
    page_cursor     text NOT NULL DEFAULT '',
    error           text NOT NULL,
    raw_json        bytea NOT NULL,
    icebox_version  text NOT NULL,
    first_seen_at   text COLLATE "C" NOT NULL,
    last_seen_at    text COLLATE "C" NOT NULL,
    archived_at     text COLLATE "C",
    status_id       bigint REFERENCES statuses(id),
    UNIQUE (server, item_key)
);

CREATE TABLE status_copies (
    id             bigserial PRIMARY KEY,
    status_id      bigint NOT NULL REFERENCES statuses(id),
    server         text NOT NULL,
    authority      smallint NOT NULL,
    edited_at      text COLLATE "C" NOT NULL DEFAULT '',
    raw_json       bytea NOT NULL,
    first_seen_at  text COLLATE "C" NOT NULL,
    last_seen_at   text COLLATE "C" NOT NULL,
    UNIQUE (status_id, server, edited_at)
);

CREATE TABLE status_edits (
    status_id   bigint NOT NULL REFERENCES statuses(id),
    position    integer NOT NULL,
    created_at  text COLLATE "C" NOT NULL,
    server      text NOT NULL,
    raw_json    bytea NOT NULL,
    fetched_at  text COLLATE "C" NOT NULL,
    PRIMARY KEY (status_id, position)
);

CREATE TABLE edit_history_wanted (
    status_id  bigint PRIMARY KEY REFERENCES statuses(id),
    server     text NOT NULL,
    local_id   text NOT NULL,
    edited_at  text COLLATE "C" NOT NULL,
    wanted_at  text COLLATE "C" NOT NULL
);
CREATE INDEX edit_history_wanted_by_server ON edit_history_wanted(server);

-- The media archive's catalogue (files are content-addressed in a folder all workers share).
CREATE TABLE media_files (
    sha256       text PRIMARY KEY,
    ext          text NOT NULL,
    size         bigint NOT NULL,
    mime         text NOT NULL,
    stored_at    text COLLATE "C" NOT NULL,
    verified_at  text COLLATE "C"
);

CREATE TABLE media_downloads (
    url              text PRIMARY KEY,
    kind             text NOT NULL,
    state            text NOT NULL,
    sha256           text REFERENCES media_files(sha256),
    mime             text,
    failure          text,
    http_status      integer,
    attempts         integer NOT NULL DEFAULT 0,
    last_attempt_at  text COLLATE "C",
    stored_at        text COLLATE "C"
);
CREATE INDEX media_downloads_by_file ON media_downloads(sha256) WHERE sha256 IS NOT NULL;
CREATE INDEX media_downloads_by_state ON media_downloads(state, kind);

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

-- A status's raw JSON read as JSON where a query needs a field of it (custom emoji for the media
-- archive); NULL when the bytes are not valid JSON, so one odd status never fails a query.
CREATE FUNCTION icebox_json(raw bytea) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN convert_from(raw, 'UTF8')::jsonb;
EXCEPTION WHEN others THEN
    RETURN NULL;
END
$$;
