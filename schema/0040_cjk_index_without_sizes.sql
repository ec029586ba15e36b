-- The index of space-less scripts (statuses_cjk, 0005) without its table of sizes (issue 43: bytes per
-- status). FTS5 keeps each row's token count in statuses_cjk_docsize for ranking (bm25); this index is
-- only ever matched, never ranked (relevance ranks by statuses_fts), so the table was 9 to 22 bytes a
-- status, every status, for nothing (22 on the realistic corpus). `columnsize=0` leaves it out; the
-- index itself, its triggers and every search are as before.
-- Nothing in this file may change once shipped: add a new numbered file instead.

DROP TABLE statuses_cjk;

CREATE VIRTUAL TABLE statuses_cjk USING fts5(
    search_cjk,
    content = 'statuses', content_rowid = 'sort_key',
    tokenize = 'unicode61', columnsize = 0
);

INSERT INTO statuses_cjk(statuses_cjk) VALUES ('rebuild');
