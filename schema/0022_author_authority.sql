-- Whose word an author's stored profile is (issue 42): the `CopyAuthority` of the copy it was read from
-- (0 a file, 1 a server read anonymously, 2 a server of the user's account, 3 the account's own server).
-- A profile carries the account's opt-out of search (`indexable`, `noindex`, `#nobot`), so an older copy
-- inside a file or a capture must not lift an opt-out a server showed: a copy replaces the stored one only
-- when its authority is at least the stored one's (see AuthorStatements).
-- Profiles stored before this take the best authority of the author's stored posts, at most the user's
-- server's (2): the archive never knew which copy the profile came from.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE authors ADD COLUMN authority INTEGER NOT NULL DEFAULT 0;
UPDATE authors SET authority = MIN(2, (SELECT MAX(s.raw_authority) FROM statuses s WHERE s.author_handle = authors.handle))
WHERE EXISTS (SELECT 1 FROM statuses s WHERE s.author_handle = authors.handle AND s.raw_authority > 0);
