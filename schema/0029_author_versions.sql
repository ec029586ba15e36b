-- Profiles as versions (issue 44): every distinct profile an author was seen with, and when.
--   authors.observed_at: when the stored profile was observed: a server's copy when it was read, a
--     file's copy no later than the post that carried it (a lower bound: a file says when its posts
--     were written, not when the profile was copied). Between copies of one authority the one observed
--     later is the profile (and its opt-out of search); an older copy never replaces it.
--   author_versions: one row per author and content (digest: SHA-256 over display_name, note, fields,
--     avatar, header, bot, locked, indexable, discoverable, see AuthorVersionStatements); raw_json the
--     account object as first seen at its best authority; first_seen_at/last_seen_at the earliest and
--     latest observation (last_seen_at moves at most once an hour); authority the best copy's
--     (CopyAuthority), server whose copy that was. The flags are 0/1, NULL when the copy did not say.
-- Existing authors get a first version from their stored row (a follow-up in Swift computes digests).
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE authors ADD COLUMN observed_at TEXT NOT NULL DEFAULT '';
UPDATE authors SET observed_at = updated_at;
CREATE TABLE author_versions (
    id            INTEGER PRIMARY KEY,
    handle        TEXT NOT NULL,
    digest        TEXT NOT NULL,
    display_name  TEXT NOT NULL DEFAULT '',
    note          TEXT NOT NULL DEFAULT '',
    fields        TEXT NOT NULL DEFAULT '[]',
    avatar        TEXT,
    header        TEXT,
    bot           INTEGER NOT NULL DEFAULT 0,
    locked        INTEGER NOT NULL DEFAULT 0,
    indexable     INTEGER,
    discoverable  INTEGER,
    raw_json      BLOB NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at  TEXT NOT NULL,
    authority     INTEGER NOT NULL,
    server        TEXT NOT NULL
);
CREATE UNIQUE INDEX author_versions_by_content ON author_versions(handle, digest);
