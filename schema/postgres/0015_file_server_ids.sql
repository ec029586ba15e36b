-- A server id a file names is the file's word, not the server's (issue 42), as schema/0021_file_server_ids.sql
-- for SQLite: kept, but marked, so that it never displaces an id the server itself gave and no server is
-- asked anything by it (`sync --recheck`, thread checks, edit histories).
-- Ids recorded before this whose post is still shown from a file (raw_authority 0) came from that file.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE status_ids ADD COLUMN from_file boolean NOT NULL DEFAULT false;
UPDATE status_ids SET from_file = true WHERE status_id IN (SELECT id FROM statuses WHERE raw_authority = 0);
