-- Whose word an author's stored profile is (issue 42), as schema/0022_author_authority.sql for SQLite: a
-- copy replaces the stored profile (and its opt-out of search) only when its authority is at least the
-- stored one's, so an older copy inside a file never lifts an opt-out a server showed.
-- Profiles stored before this take the best authority of the author's stored posts, at most 2.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE authors ADD COLUMN authority smallint NOT NULL DEFAULT 0;
UPDATE authors SET authority = LEAST(2, (SELECT MAX(s.raw_authority) FROM statuses s WHERE s.author_handle = authors.handle))
WHERE EXISTS (SELECT 1 FROM statuses s WHERE s.author_handle = authors.handle AND s.raw_authority > 0);
