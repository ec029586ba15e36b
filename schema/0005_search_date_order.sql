-- Search results come newest first (or oldest first) straight from the full-text indexes.
-- statuses.id is the order statuses were archived in, and backfill archives older posts after newer ones,
-- so the indexes' rowid (statuses.id until now) said nothing about dates. From here on the indexes' rowid
-- is statuses.sort_key: the millisecond of created_at shifted left 12 bits, plus a tie number for
-- statuses created in the same millisecond (in the order they were archived). Reading an index in rowid
-- order is then reading matches in date order, and a date filter is a range of rowids.
-- Icebox computes the key of each new row (see SortKey); the triggers below refuse a row without one.
-- Nothing in this file may change once shipped: add a new numbered file instead.

-- The indexes are rebuilt under the new rowid.
DROP TRIGGER statuses_fts_insert;
DROP TRIGGER statuses_fts_delete;
DROP TRIGGER statuses_fts_update;
DROP TRIGGER statuses_cjk_insert;
DROP TRIGGER statuses_cjk_delete;
DROP TRIGGER statuses_cjk_update;
DROP TABLE statuses_fts;
DROP TABLE statuses_cjk;

ALTER TABLE statuses ADD COLUMN sort_key INTEGER;

-- Existing rows: ties in created_at keep the order they were archived in.
UPDATE statuses SET sort_key = keyed.sort_key FROM (
    SELECT id,
        ((CAST(strftime('%s', created_at) AS INTEGER) * 1000 + CAST(substr(created_at, 21, 3) AS INTEGER)) << 12)
        + row_number() OVER (PARTITION BY created_at ORDER BY id) - 1 AS sort_key
    FROM statuses
) AS keyed WHERE statuses.id = keyed.id;

CREATE UNIQUE INDEX statuses_by_sort_key ON statuses(sort_key);

-- A key that is missing, or that disagrees with created_at (more than 4096 statuses in one millisecond
-- would spill into the next), is refused: the indexes' order must be the dates' order.
CREATE TRIGGER statuses_sort_key_insert BEFORE INSERT ON statuses
WHEN new.sort_key IS NULL OR (new.sort_key >> 12) IS NOT
    (CAST(strftime('%s', new.created_at) AS INTEGER) * 1000 + CAST(substr(new.created_at, 21, 3) AS INTEGER))
BEGIN
    SELECT RAISE(ABORT, 'statuses.sort_key must be the created_at millisecond << 12 plus a tie number below 4096');
END;

CREATE TRIGGER statuses_sort_key_update BEFORE UPDATE OF created_at, sort_key ON statuses
WHEN new.sort_key IS NULL OR (new.sort_key >> 12) IS NOT
    (CAST(strftime('%s', new.created_at) AS INTEGER) * 1000 + CAST(substr(new.created_at, 21, 3) AS INTEGER))
BEGIN
    SELECT RAISE(ABORT, 'statuses.sort_key must be the created_at millisecond << 12 plus a tie number below 4096');
END;

-- The same two indexes as 0001 and 0002, keyed by sort_key.
CREATE VIRTUAL TABLE statuses_fts USING fts5(
    text, spoiler_text, alt_text, extra_text, search_author, tag_names,
    content = 'statuses', content_rowid = 'sort_key',
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE VIRTUAL TABLE statuses_cjk USING fts5(
    search_cjk,
    content = 'statuses', content_rowid = 'sort_key',
    tokenize = 'unicode61'
);

INSERT INTO statuses_fts(statuses_fts) VALUES ('rebuild');
INSERT INTO statuses_cjk(statuses_cjk) VALUES ('rebuild');

CREATE TRIGGER statuses_fts_insert AFTER INSERT ON statuses BEGIN
    INSERT INTO statuses_fts(rowid, text, spoiler_text, alt_text, extra_text, search_author, tag_names)
    VALUES (new.sort_key, new.text, new.spoiler_text, new.alt_text, new.extra_text, new.search_author, new.tag_names);
END;

CREATE TRIGGER statuses_fts_delete AFTER DELETE ON statuses BEGIN
    INSERT INTO statuses_fts(statuses_fts, rowid, text, spoiler_text, alt_text, extra_text, search_author, tag_names)
    VALUES ('delete', old.sort_key, old.text, old.spoiler_text, old.alt_text, old.extra_text, old.search_author,
            old.tag_names);
END;

CREATE TRIGGER statuses_fts_update
AFTER UPDATE OF text, spoiler_text, alt_text, extra_text, search_author, tag_names, sort_key ON statuses BEGIN
    INSERT INTO statuses_fts(statuses_fts, rowid, text, spoiler_text, alt_text, extra_text, search_author, tag_names)
    VALUES ('delete', old.sort_key, old.text, old.spoiler_text, old.alt_text, old.extra_text, old.search_author,
            old.tag_names);
    INSERT INTO statuses_fts(rowid, text, spoiler_text, alt_text, extra_text, search_author, tag_names)
    VALUES (new.sort_key, new.text, new.spoiler_text, new.alt_text, new.extra_text, new.search_author, new.tag_names);
END;

CREATE TRIGGER statuses_cjk_insert AFTER INSERT ON statuses BEGIN
    INSERT INTO statuses_cjk(rowid, search_cjk) VALUES (new.sort_key, new.search_cjk);
END;

CREATE TRIGGER statuses_cjk_delete AFTER DELETE ON statuses BEGIN
    INSERT INTO statuses_cjk(statuses_cjk, rowid, search_cjk) VALUES ('delete', old.sort_key, old.search_cjk);
END;

CREATE TRIGGER statuses_cjk_update AFTER UPDATE OF search_cjk, sort_key ON statuses BEGIN
    INSERT INTO statuses_cjk(statuses_cjk, rowid, search_cjk) VALUES ('delete', old.sort_key, old.search_cjk);
    INSERT INTO statuses_cjk(rowid, search_cjk) VALUES (new.sort_key, new.search_cjk);
END;
