-- Notifications (issue 44): every notification each archiving account's server sent to a pinned
-- `notifications` timeline, of every type (those not known yet too), kept whole. Written in the same
-- transaction as the statuses of its page and the timeline's cursors, so a crash never leaves a
-- cursor past a notification that was not kept.
--   notification_id: its id on the account's server (the cursor its list pages by).
--   type: mention, favourite, follow… or a type not known yet, as sent.
--   created_at: when it happened, as the archive writes dates; NULL when the server sent none readable.
--   from_acct, from_name: who it is from (user@host, display name); NULL/'' when unreadable.
--   status_uri, status_url: the status it is about, when it has one (also when that status could not be
--   read, which is then on the unreadable list).
--   raw_json: the notification object byte for byte as the server last sent it.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE notifications (
    id              INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL REFERENCES archiving_accounts(id),
    notification_id TEXT NOT NULL,
    type            TEXT NOT NULL,
    created_at      TEXT,
    from_acct       TEXT,
    from_name       TEXT NOT NULL DEFAULT '',
    status_uri      TEXT,
    status_url      TEXT,
    raw_json        BLOB NOT NULL,
    first_seen_at   TEXT NOT NULL,
    last_seen_at    TEXT NOT NULL
);
CREATE UNIQUE INDEX notifications_by_server_id ON notifications(account_id, notification_id);
CREATE INDEX notifications_by_time ON notifications(created_at);
