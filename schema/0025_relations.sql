-- The people around the posts (issue 44): whom each archiving account follows, who follows it, whom
-- it mutes and blocks, and which domains it blocks, kept as a ledger. Each relation keeps when it was
-- first and last seen and when it ended (ended_at): a relation is never deleted, so "who unfollowed me
-- in March" has an answer. A relation that ends and later holds again is a new row.
--   kind: following | followers | mutes | blocks | domain_blocks
--   target: the other account's user@host as the archiving account's server names it, or a domain.
--   raw_json: the account object as that server last sent it, byte for byte (NULL for a domain).
--   seen_walk: the walk (relation_walks.walk) that last saw it. Only a walk that read every page and
--   every entry ends what it did not see; an interrupted or unreadable walk ends nothing.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE relations (
    id            INTEGER PRIMARY KEY,
    account_id    INTEGER NOT NULL REFERENCES archiving_accounts(id),
    kind          TEXT NOT NULL,
    target        TEXT NOT NULL,
    target_id     TEXT,
    url           TEXT,
    display_name  TEXT NOT NULL DEFAULT '',
    raw_json      BLOB,
    first_seen_at TEXT NOT NULL,
    last_seen_at  TEXT NOT NULL,
    seen_walk     INTEGER NOT NULL,
    ended_at      TEXT
);
CREATE UNIQUE INDEX relations_holding ON relations(account_id, kind, target) WHERE ended_at IS NULL;
CREATE INDEX relations_by_kind ON relations(account_id, kind, first_seen_at);

-- Where each account's walk of each kind stands: paged and resumable like a timeline's backfill (the
-- next page's cursor is committed with each page), and run at most once per `config graph-every`.
--   walk: counts the walks begun; cursor: the next page's max_id (NULL: the first page);
--   complete: 0 once an entry of this walk could not be read or its pages looped (it then ends nothing);
--   finished_at: NULL while the walk is under way.
CREATE TABLE relation_walks (
    account_id   INTEGER NOT NULL REFERENCES archiving_accounts(id),
    kind         TEXT NOT NULL,
    walk         INTEGER NOT NULL,
    cursor       TEXT,
    pages        INTEGER NOT NULL DEFAULT 0,
    complete     INTEGER NOT NULL DEFAULT 1,
    started_at   TEXT NOT NULL,
    finished_at  TEXT,
    PRIMARY KEY (account_id, kind)
);
