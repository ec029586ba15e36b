-- The indexes of the language and author filters, in the order searches read (issue 43).
-- `language:` compares without case (`s.language = ? COLLATE NOCASE`), which the index of 0002 (BINARY)
-- cannot answer: a search for a rare language read every post in date order to find a page of it. Its
-- second column was created_at, while every search orders and bounds its days by sort_key (0012); so was
-- that of the index of lower(author_handle), which `from:user@host` reads, so that `from:` with a date
-- read all the author's posts. Both are built again on sort_key: an 8-byte integer instead of a 24-byte
-- text, so each entry is smaller too (on the realistic corpus, 133 bytes a status for the two, 64 built).
-- Nothing in this file may change once shipped: add a new numbered file instead.

DROP INDEX statuses_by_language;
CREATE INDEX statuses_by_language ON statuses(language COLLATE NOCASE, sort_key);

DROP INDEX statuses_by_author_lower;
CREATE INDEX statuses_by_author_lower ON statuses(lower(author_handle), sort_key);
