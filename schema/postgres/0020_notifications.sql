-- Notifications (issue 44), as schema/0026_notifications.sql for SQLite: every notification each
-- archiving account's server sent to a pinned `notifications` timeline, of every type (those not known
-- yet too), kept whole, written in the same transaction as its page's statuses and cursors.
--   notification_id: its id on the account's server (the cursor its list pages by).
--   type: mention, favourite, follow… or a type not known yet, as sent.
--   created_at: when it happened, as the archive writes dates; NULL when the server sent none readable.
--   from_acct, from_name: who it is from (user@host, display name); NULL/'' when unreadable.
--   status_uri, status_url: the status it is about, when it has one.
--   raw_json: the notification object byte for byte as the server last sent it.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE notifications (
    id              bigserial PRIMARY KEY,
    account_id      bigint NOT NULL REFERENCES archiving_accounts(id),
    notification_id text NOT NULL,
    type            text NOT NULL,
    created_at      text COLLATE "C",
    from_acct       text,
    from_name       text NOT NULL DEFAULT '',
    status_uri      text,
    status_url      text,
    raw_json        bytea NOT NULL,
    first_seen_at   text COLLATE "C" NOT NULL,
    last_seen_at    text COLLATE "C" NOT NULL
);
CREATE UNIQUE INDEX notifications_by_server_id ON notifications(account_id, notification_id);
CREATE INDEX notifications_by_time ON notifications(created_at);
