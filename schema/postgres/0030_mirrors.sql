-- Files another Icebox offers for the media URLs of the statuses it served, and the accounts whose
-- server is another Icebox (issue 45), as schema/0033_mirrors.sql for SQLite (see that file for what
-- each column holds and how they are used).
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE archiving_accounts ADD COLUMN mirror_seen_at text COLLATE "C";

CREATE TABLE media_offers (
    url         text PRIMARY KEY,
    sha256      text NOT NULL,
    address     text NOT NULL,
    offered_by  text NOT NULL,
    offered_at  text COLLATE "C" NOT NULL
);
