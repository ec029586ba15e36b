-- An account is the origin that issued its token (scheme://host[:port], the `server` column) plus its
-- id there. The handle a server reports is only a label: a hostile server may claim any handle, and two
-- servers on one host (two ports) report the same one. Rebuilt as SQLite's ALTER TABLE guide says,
-- since a UNIQUE constraint cannot be dropped in place; ids are kept, so timelines keep their account.
CREATE TABLE archiving_accounts_by_origin (
    id            INTEGER PRIMARY KEY,
    handle        TEXT NOT NULL,               -- user@host as the server reports it: a label, not a key
    server        TEXT NOT NULL,               -- the origin that issued the token
    remote_id     TEXT NOT NULL,               -- the account's id on that origin (opaque)
    username      TEXT NOT NULL,
    display_name  TEXT NOT NULL DEFAULT '',
    url           TEXT,
    added_at      TEXT NOT NULL,
    removed_at    TEXT,
    UNIQUE (server, remote_id)
);
INSERT INTO archiving_accounts_by_origin(id, handle, server, remote_id, username, display_name, url, added_at, removed_at)
    SELECT id, handle, server, remote_id, username, display_name, url, added_at, removed_at FROM archiving_accounts;
DROP TABLE archiving_accounts;
ALTER TABLE archiving_accounts_by_origin RENAME TO archiving_accounts;
CREATE INDEX archiving_accounts_by_handle ON archiving_accounts(handle);
