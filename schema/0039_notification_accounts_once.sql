-- Each notification keeps its account objects once too (issue 43: bytes, as 0019 does for statuses and 0038
-- for versions of edit histories). Mastodon serves a notification with the account of whoever it is from
-- and, for a mention, a favourite, a boost or a poll, the status it is about with its author's account
-- object (most often the user's own, the same in every one of them): two account objects of about 1 KB
-- each, in every notification, which raw_accounts holds once. A notification stored from now on keeps in
-- raw_json {} in place of its "account" object and of its status's ("status"."account"), their numbers in
-- raw_account and raw_status_account, and in the _at columns how many bytes of raw_json come before each
-- {}. Whichever comes first in the JSON (Mastodon writes "account" before "status") is put back first, so
-- that the notification as served is, byte for byte, the notification_json view below (Icebox reads it
-- through the same expression). A notification whose columns are NULL holds its objects in place: every
-- one stored before this migration, and any whose objects could not be told apart without doubt (see
-- RawJSON.uniqueObjectRanges). Cards stay in place (a notification's status is most often the user's own).
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE notifications ADD COLUMN raw_account INTEGER REFERENCES raw_accounts(id);
ALTER TABLE notifications ADD COLUMN raw_account_at INTEGER;
ALTER TABLE notifications ADD COLUMN raw_status_account INTEGER REFERENCES raw_accounts(id);
ALTER TABLE notifications ADD COLUMN raw_status_account_at INTEGER;

-- Every notification kept, with its JSON as served, as text.
CREATE VIEW notification_json AS
SELECT n.id AS number, n.account_id, n.notification_id, n.type, n.created_at,
       CAST(CASE WHEN n.raw_account IS NULL AND n.raw_status_account IS NULL THEN n.raw_json
            -- The status's account object before the notification's.
            WHEN n.raw_status_account_at < n.raw_account_at THEN
                substr(n.raw_json, 1, n.raw_status_account_at)
                || (SELECT a.json FROM raw_accounts a WHERE a.id = n.raw_status_account)
                || substr(n.raw_json, n.raw_status_account_at + 3, n.raw_account_at - n.raw_status_account_at - 2)
                || (SELECT a.json FROM raw_accounts a WHERE a.id = n.raw_account)
                || substr(n.raw_json, n.raw_account_at + 3)
            -- The notification's account object first (Mastodon), or only one of the two cut out.
            ELSE
                CASE WHEN n.raw_account IS NULL THEN '' ELSE substr(n.raw_json, 1, n.raw_account_at)
                     || (SELECT a.json FROM raw_accounts a WHERE a.id = n.raw_account) END
                || CASE WHEN n.raw_status_account IS NULL THEN ''
                        ELSE substr(n.raw_json, coalesce(n.raw_account_at + 2, 0) + 1,
                                    n.raw_status_account_at - coalesce(n.raw_account_at + 2, 0))
                             || (SELECT a.json FROM raw_accounts a WHERE a.id = n.raw_status_account) END
                || substr(n.raw_json, coalesce(n.raw_status_account_at + 2, n.raw_account_at + 2, 0) + 1) END
       AS TEXT) AS raw_json
FROM notifications n;
