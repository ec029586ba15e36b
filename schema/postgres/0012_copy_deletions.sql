-- Another server's word is not the truth (issue 27), as schema/0017_copy_deletions.sql for SQLite: what a
-- server that does not speak for a post says of it (a delete event, an id left out of a recheck, a 404)
-- is recorded against that server's copy only, here; the post is marked gone only on the word of its
-- origin or of a server one of the user's accounts is on.
-- Nothing in this file may change once shipped: add a new numbered file instead.
ALTER TABLE status_ids ADD COLUMN gone_at text;
ALTER TABLE status_ids ADD COLUMN gone_via text;
