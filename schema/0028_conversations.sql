-- Direct-message conversations (issue 44): every conversation each archiving account's server listed on
-- a pinned `conversations` timeline (GET /api/v1/conversations), kept whole, one row per conversation and
-- account. Written in the same transaction as the statuses of its page and the timeline's cursors, so a
-- crash never leaves a cursor past a conversation that was not kept. A conversation seen again with a
-- newer (or the same) last status takes the object its server sends now; an older object never replaces
-- a newer one.
--   conversation_id: its id on the account's server (the key, per account).
--   unread: 1 when the server marks it unread.
--   accounts: its participants' user@host, space separated, in the server's order.
--   last_status_id: its last status's id on the server (the cursor its list pages by); NULL without one.
--   last_status_uri, last_status_url: that status (archived as a post, or on the unreadable list).
--   last_status_created_at: when that status was made, as the archive writes dates; NULL when unreadable.
--   raw_json: the conversation object byte for byte as the server last sent it.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE conversations (
    id                     INTEGER PRIMARY KEY,
    account_id             INTEGER NOT NULL REFERENCES archiving_accounts(id),
    conversation_id        TEXT NOT NULL,
    unread                 INTEGER NOT NULL DEFAULT 0,
    accounts               TEXT NOT NULL DEFAULT '',
    last_status_id         TEXT,
    last_status_uri        TEXT,
    last_status_url        TEXT,
    last_status_created_at TEXT,
    raw_json               BLOB NOT NULL,
    first_seen_at          TEXT NOT NULL,
    last_seen_at           TEXT NOT NULL
);
CREATE UNIQUE INDEX conversations_by_server_id ON conversations(account_id, conversation_id);
CREATE INDEX conversations_by_last_status ON conversations(last_status_uri);
