-- Direct-message conversations (issue 44), as schema/0028_conversations.sql for SQLite: every
-- conversation each archiving account's server listed on a pinned `conversations` timeline, kept whole,
-- one row per conversation and account, written in the same transaction as its page's statuses and
-- cursors; an older object never replaces a newer one.
--   conversation_id: its id on the account's server (the key, per account).
--   unread: 1 when the server marks it unread.
--   accounts: its participants' user@host, space separated, in the server's order.
--   last_status_id: its last status's id on the server (the cursor its list pages by); NULL without one.
--   last_status_uri, last_status_url: that status (archived as a post, or on the unreadable list).
--   last_status_created_at: when that status was made; NULL when unreadable.
--   raw_json: the conversation object byte for byte as the server last sent it.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE conversations (
    id                     bigserial PRIMARY KEY,
    account_id             bigint NOT NULL REFERENCES archiving_accounts(id),
    conversation_id        text COLLATE "C" NOT NULL,
    unread                 integer NOT NULL DEFAULT 0,
    accounts               text NOT NULL DEFAULT '',
    last_status_id         text COLLATE "C",
    last_status_uri        text,
    last_status_url        text,
    last_status_created_at text COLLATE "C",
    raw_json               bytea NOT NULL,
    first_seen_at          text COLLATE "C" NOT NULL,
    last_seen_at           text COLLATE "C" NOT NULL
);
CREATE UNIQUE INDEX conversations_by_server_id ON conversations(account_id, conversation_id);
CREATE INDEX conversations_by_last_status ON conversations(last_status_uri);
