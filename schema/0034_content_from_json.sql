-- statuses.content read from the raw JSON instead of stored a second time (issue 43: bytes per status).
-- The column held the "content" member of raw_json, decoded: on the realistic corpus 320 of the 3,838
-- bytes a status took. It is now a VIRTUAL generated column with the same name and value, so `sqlite3`,
-- Datasette and every query read it as before, and no byte of it is on disk. raw_json keeps "content"
-- where 0019 cut out the account object (it holds {} there, still JSON), so json_extract reads it from
-- the stored bytes; JSON SQLite cannot read, or without "content", gives '' (as a missing content
-- decodes). content_kept holds a row's content only where its JSON would not give that exact text back
-- (none is expected: the column was decoded from the same bytes); it is NULL, one byte, everywhere else,
-- and a new copy of the row (an edit, a better source, a redaction) sets it NULL again.
-- DROP COLUMN rewrites each row once (no trigger runs). The space it frees stays inside the table's
-- pages, which appended rows do not reuse: the file keeps its size until a VACUUM gives it back.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE statuses ADD COLUMN content_kept TEXT;
UPDATE statuses SET content_kept = content
WHERE content IS NOT IFNULL(CASE WHEN json_valid(CAST(raw_json AS TEXT))
                                 THEN json_extract(CAST(raw_json AS TEXT), '$.content') END, '');

ALTER TABLE statuses DROP COLUMN content;
ALTER TABLE statuses ADD COLUMN content TEXT GENERATED ALWAYS AS (
    IFNULL(content_kept, IFNULL(CASE WHEN json_valid(CAST(raw_json AS TEXT))
                                     THEN json_extract(CAST(raw_json AS TEXT), '$.content') END, ''))
) VIRTUAL;
