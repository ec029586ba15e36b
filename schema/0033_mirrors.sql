-- Files another Icebox offers for the media URLs of the statuses it served (issue 45, "Icebox syncs
-- from Icebox"): a mirror's status names, for each media URL it keeps a file for, the file's hash and the
-- address it gives the file out at. A media fetch then stores the URL from the offer: from the file of
-- that hash when the archive already has it (nothing downloaded), else from the mirror's address, the
-- bytes checked against the hash. The mirror is not the URL's server: what is stored this way is a
-- copy (media_downloads.from_file 1), which the URL's own server is asked about once, as an imported
-- file's copy is (0023).
--   url: the status's media URL; sha256: the file's hash, as the mirror said; address: where the mirror
--   gives it out (its signed /media address); offered_by: the mirror, host[:port]; offered_at: when the
--   newest offer for the URL arrived (a newer one replaces it: the mirror's addresses change).
-- An account whose server is another Icebox (it served a page of statuses with their archived bytes)
-- is no server of the user's for deletions: archiving_accounts.mirror_seen_at is when that was first
-- seen. Such a server speaks for no post it does not own (DeletionAuthority): were its archive built
-- again, its ids would change and its 404s would otherwise mark every post gone.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE archiving_accounts ADD COLUMN mirror_seen_at TEXT;

CREATE TABLE media_offers (
    url         TEXT PRIMARY KEY,
    sha256      TEXT NOT NULL,
    address     TEXT NOT NULL,
    offered_by  TEXT NOT NULL,
    offered_at  TEXT NOT NULL
) WITHOUT ROWID;
