-- The people around the posts (issue 44), as schema/0025_relations.sql for SQLite: whom each archiving
-- account follows, who follows it, whom it mutes and blocks, and which domains it blocks, kept as a
-- ledger. Each relation keeps when it was first and last seen and when it ended (ended_at): a relation
-- is never deleted. A relation that ends and later holds again is a new row.
--   kind: following | followers | mutes | blocks | domain_blocks
--   target: the other account's user@host as the archiving account's server names it, or a domain.
--   raw_json: the account object as that server last sent it, byte for byte (NULL for a domain).
--   seen_walk: the walk (relation_walks.walk) that last saw it. Only a walk that read every page and
--   every entry ends what it did not see; an interrupted or unreadable walk ends nothing.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE relations (
    id            bigserial PRIMARY KEY,
    account_id    bigint NOT NULL REFERENCES archiving_accounts(id),
    kind          text NOT NULL,
    target        text NOT NULL,
    target_id     text,
    url           text,
    display_name  text NOT NULL DEFAULT '',
    raw_json      bytea,
    first_seen_at text COLLATE "C" NOT NULL,
    last_seen_at  text COLLATE "C" NOT NULL,
    seen_walk     bigint NOT NULL,
    ended_at      text COLLATE "C"
);
CREATE UNIQUE INDEX relations_holding ON relations(account_id, kind, target) WHERE ended_at IS NULL;
CREATE INDEX relations_by_kind ON relations(account_id, kind, first_seen_at);

-- Where each account's walk of each kind stands (see schema/0025_relations.sql).
CREATE TABLE relation_walks (
    account_id   bigint NOT NULL REFERENCES archiving_accounts(id),
    kind         text NOT NULL,
    walk         bigint NOT NULL,
    cursor       text,
    pages        bigint NOT NULL DEFAULT 0,
    complete     integer NOT NULL DEFAULT 1,
    started_at   text COLLATE "C" NOT NULL,
    finished_at  text COLLATE "C",
    PRIMARY KEY (account_id, kind)
);
