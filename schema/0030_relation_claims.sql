-- What a file claims of an account's relations (issue 44): the CSVs of Mastodon's Import and export page
-- (following_accounts.csv, muted_accounts.csv, blocked_accounts.csv, blocked_domains.csv, lists.csv),
-- read by `icebox import mastodon-export`. A file is no word of a server's: its claims are kept apart
-- from the relation ledger (relations), which holds only what the account's own server confirmed, and
-- a walk neither reads nor ends them. bookmarks.csv names posts by uri, kept in status_references as
-- bookmarks.json's are.
--   kind: following | mutes | blocks | domain_blocks | list_members
--   list_name: for list_members, the title of the list the file puts the account on; '' otherwise.
--   target: the account's user@host as the file writes it (without a leading @), or a domain.
--   showing_reblogs, notifying, languages: a follow's settings as the file gives them (NULL where a
--     column is missing or empty; languages a JSON array of codes, NULL for every language).
--   hide_notifications: a mute's, as the file gives it.
--   file: the file's name as given to `icebox import` (for a ZIP or folder, the entry's path in it);
--   file_sha256: the digest of its bytes, so the same file read again (under any name) adds nothing;
--   line: the line its row begins on.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE relation_claims (
    account_id         INTEGER NOT NULL REFERENCES archiving_accounts(id),
    kind               TEXT NOT NULL,
    list_name          TEXT NOT NULL DEFAULT '',
    target             TEXT NOT NULL,
    showing_reblogs    INTEGER,
    notifying          INTEGER,
    languages          TEXT,
    hide_notifications INTEGER,
    file               TEXT NOT NULL,
    file_sha256        TEXT NOT NULL,
    line               INTEGER NOT NULL,
    claimed_at         TEXT NOT NULL,
    PRIMARY KEY (account_id, kind, list_name, target, file_sha256)
) WITHOUT ROWID;
