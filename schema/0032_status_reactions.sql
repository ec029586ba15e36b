-- Who favourited and boosted the archiving accounts' own posts, as their own servers say (issue 44,
-- opt-in: `icebox config reactions on`). A sync asks an account's server (`favourited_by`,
-- `reblogged_by`) about the account's own posts whose count changed since it last asked; a server
-- speaks only for its own account's posts, so a row counts only for a post its account wrote.
--   status_reactions: one row per account, post, type and reacting account, never deleted.
--     type: favourite | reblog (as notifications name them); acct: user@host as the server names it;
--     raw_json: the account object as the server last sent it; first_seen_at/last_seen_at: when asked.
--   reaction_checks: what each post's counts were when its account last asked about it, by type
--     (NULL: never asked); a count that has not moved since costs no request.
--   status_counts: the counts of an archiving account's own post as a server (server: its host, as
--     status_ids names it) last sent them when a sync read the post again (`sync --recheck`): a post
--     keeps the bytes of its first copy, and these say whether its counts moved since.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE status_reactions (
    id            INTEGER PRIMARY KEY,
    account_id    INTEGER NOT NULL REFERENCES archiving_accounts(id),
    status_uri    TEXT NOT NULL,
    type          TEXT NOT NULL,
    acct          TEXT NOT NULL,
    display_name  TEXT NOT NULL DEFAULT '',
    raw_json      BLOB NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at  TEXT NOT NULL
);
CREATE UNIQUE INDEX status_reactions_once ON status_reactions(account_id, status_uri, type, acct);
CREATE INDEX status_reactions_by_status ON status_reactions(status_uri, type);
CREATE TABLE reaction_checks (
    account_id        INTEGER NOT NULL REFERENCES archiving_accounts(id),
    status_uri        TEXT NOT NULL,
    favourites_count  INTEGER,
    reblogs_count     INTEGER,
    asked_at          TEXT NOT NULL,
    PRIMARY KEY (account_id, status_uri)
);
CREATE TABLE status_counts (
    status_uri        TEXT NOT NULL,
    server            TEXT NOT NULL,
    favourites_count  INTEGER NOT NULL,
    reblogs_count     INTEGER NOT NULL,
    seen_at           TEXT NOT NULL,
    PRIMARY KEY (status_uri, server)
);
