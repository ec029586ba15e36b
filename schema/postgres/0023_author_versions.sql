-- Profiles as versions (issue 44), as schema/0029_author_versions.sql for SQLite (see that file for
-- what each column holds): authors.observed_at decides between copies of one authority, and
-- author_versions keeps every distinct profile an author was seen with, first and last seen.
-- Existing authors get a first version from their stored row (the migration's follow-up, in Swift).
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE authors ADD COLUMN observed_at text COLLATE "C" NOT NULL DEFAULT '';
UPDATE authors SET observed_at = updated_at;
CREATE TABLE author_versions (
    id            bigserial PRIMARY KEY,
    handle        text NOT NULL,
    digest        text NOT NULL,
    display_name  text NOT NULL DEFAULT '',
    note          text NOT NULL DEFAULT '',
    fields        text NOT NULL DEFAULT '[]',
    avatar        text,
    header        text,
    bot           integer NOT NULL DEFAULT 0,
    locked        integer NOT NULL DEFAULT 0,
    indexable     integer,
    discoverable  integer,
    raw_json      bytea NOT NULL,
    first_seen_at text COLLATE "C" NOT NULL,
    last_seen_at  text COLLATE "C" NOT NULL,
    authority     integer NOT NULL,
    server        text NOT NULL
);
CREATE UNIQUE INDEX author_versions_by_content ON author_versions(handle, digest);
