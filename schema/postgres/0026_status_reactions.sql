-- Who favourited and boosted the archiving accounts' own posts, as their own servers say (issue 44),
-- as schema/0032_status_reactions.sql for SQLite (see that file for what each column holds).
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE status_reactions (
    id            bigserial PRIMARY KEY,
    account_id    bigint NOT NULL REFERENCES archiving_accounts(id),
    status_uri    text NOT NULL,
    type          text NOT NULL,
    acct          text NOT NULL,
    display_name  text NOT NULL DEFAULT '',
    raw_json      bytea NOT NULL,
    first_seen_at text COLLATE "C" NOT NULL,
    last_seen_at  text COLLATE "C" NOT NULL
);
CREATE UNIQUE INDEX status_reactions_once ON status_reactions(account_id, status_uri, type, acct);
CREATE INDEX status_reactions_by_status ON status_reactions(status_uri, type);
CREATE TABLE reaction_checks (
    account_id        bigint NOT NULL REFERENCES archiving_accounts(id),
    status_uri        text NOT NULL,
    favourites_count  bigint,
    reblogs_count     bigint,
    asked_at          text COLLATE "C" NOT NULL,
    PRIMARY KEY (account_id, status_uri)
);
CREATE TABLE status_counts (
    status_uri        text NOT NULL,
    server            text NOT NULL,
    favourites_count  bigint NOT NULL,
    reblogs_count     bigint NOT NULL,
    seen_at           text COLLATE "C" NOT NULL,
    PRIMARY KEY (status_uri, server)
);
