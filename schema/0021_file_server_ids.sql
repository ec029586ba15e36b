-- A server id a file names is the file's word, not the server's (issue 42): a WARC record under a
-- server's URL can say any post has any id there. Such an id is kept (threads of an imported capture
-- join by it) but marked, so that it never displaces an id the server itself gave, and no question is
-- asked of a server by it (`sync --recheck`, thread checks, edit histories): a forged id "0" must not
-- make the user's own server say "gone" about a post it still serves.
-- Ids recorded before this whose post is still shown from a file (raw_authority 0) came from that file.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE status_ids ADD COLUMN from_file INTEGER NOT NULL DEFAULT 0;
UPDATE status_ids SET from_file = 1 WHERE status_id IN (SELECT id FROM statuses WHERE raw_authority = 0);
