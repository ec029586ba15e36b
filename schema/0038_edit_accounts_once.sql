-- Each version of an edit history keeps its account object once too (issue 43: bytes per status), as a
-- status does since 0019. Mastodon serves every version of a history (GET /api/v1/statuses/:id/history)
-- with the author's account object in it, so a history of n versions kept that object n times over, beside
-- the one raw_accounts already holds: on the realistic corpus 1,133 of a version's 1,648 bytes. A version
-- stored from now on keeps in raw_json {} in place of its "account" object, that object's number in
-- raw_account and, in raw_account_at, how many bytes of raw_json come before its {}, so that the version
-- as served is, byte for byte,
--   substr(raw_json, 1, raw_account_at) || raw_accounts.json || substr(raw_json, raw_account_at + 3)
-- which the status_edit_json view below returns (Icebox reads it through the same expression). A version
-- whose raw_account is NULL holds its account object in place: every version stored before this migration,
-- and any whose account object could not be told apart without doubt (see RawJSON.uniqueObjectRanges).
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE status_edits ADD COLUMN raw_account INTEGER REFERENCES raw_accounts(id);
ALTER TABLE status_edits ADD COLUMN raw_account_at INTEGER;

-- Every version of every edit history kept, with its JSON as served, as text.
CREATE VIEW status_edit_json AS
SELECT e.status_id AS number, e.position, e.created_at, e.server,
       CAST(CASE WHEN e.raw_account IS NULL THEN e.raw_json
                 ELSE substr(e.raw_json, 1, e.raw_account_at)
                      || (SELECT a.json FROM raw_accounts a WHERE a.id = e.raw_account)
                      || substr(e.raw_json, e.raw_account_at + 3) END AS TEXT) AS raw_json
FROM status_edits e;
