-- Bringing history from elsewhere (issue 18), as schema/0014_imports.sql and 0016_boost_visibility.sql for
-- SQLite: each file a status was imported from, with the source's own object byte for byte, and the
-- favourites, bookmarks and boosts an export names only by uri.
-- The user's marks: this store keeps no `user_marks` column (it computes `is:bookmarked`, `is:favourited`
-- and the consent exceptions from the lists when it searches), so a reference counts there by its uri,
-- whether the post is archived before the reference or after it, as SQLite's two triggers make it.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE status_sources (
    status_id    bigint NOT NULL REFERENCES statuses(id),
    format       text NOT NULL,               -- mastodon-export, mastodon-archive, mastodon-to-sqlite, jsonl
    file         text NOT NULL,               -- the file's name as given to `icebox import`
    entry        text NOT NULL DEFAULT '',    -- where in it: outbox.json, line 12, statuses[3]
    raw_json     bytea,                       -- the source's object as it stood in the file
    imported_at  text COLLATE "C" NOT NULL,
    PRIMARY KEY (status_id, format, file)
);

CREATE TABLE status_references (
    account_handle  text NOT NULL,            -- user@host whose favourite, bookmark or boost it is
    kind            text NOT NULL,            -- favourite, bookmark, boost
    uri             text NOT NULL,            -- the status named
    activity_uri    text,                     -- a boost's own Announce id
    published_at    text,                     -- a boost's date
    file            text NOT NULL,            -- the file that named it
    recorded_at     text COLLATE "C" NOT NULL,
    visibility      text,                     -- a boost's visibility (public, unlisted, private), when known
    PRIMARY KEY (account_handle, kind, uri)
);
CREATE INDEX status_references_by_uri ON status_references(uri);
