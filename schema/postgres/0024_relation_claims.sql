-- What a file claims of an account's relations (issue 44), as schema/0030_relation_claims.sql for
-- SQLite: the rows of Mastodon's Import and export CSVs, kept apart from the relation ledger. Titles,
-- targets and digests compare byte by byte ("C"), so both stores list claims in the same order.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE relation_claims (
    account_id         bigint NOT NULL REFERENCES archiving_accounts(id),
    kind               text NOT NULL,
    list_name          text COLLATE "C" NOT NULL DEFAULT '',
    target             text COLLATE "C" NOT NULL,
    showing_reblogs    integer,
    notifying          integer,
    languages          text,
    hide_notifications integer,
    file               text NOT NULL,
    file_sha256        text COLLATE "C" NOT NULL,
    line               bigint NOT NULL,
    claimed_at         text COLLATE "C" NOT NULL,
    PRIMARY KEY (account_id, kind, list_name, target, file_sha256)
);
