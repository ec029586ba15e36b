-- An exact index of hashtags (issues 30 and 31): one row for each tag of each post, so that a `#tag` search
-- counts and checks its posts here instead of reading every row the word index's tag column offers (a
-- narrowing only: its words split `#foo_bar`) to test its space-separated tag_names. At 1,000,000
-- statuses a new `#tag` search took 6 s, nearly all of it its count.
-- Boost wrappers (reblog_uri set) are left out: a search never finds them as themselves, so a tag's count
-- is its number of rows here.
-- The triggers keep it in step with statuses.tag_names whoever writes that (sync, edits, deletions,
-- imports). tag_names holds names as Hashtag normalizes them (letters, marks, digits, `_`) joined by
-- spaces; a trigger cannot split with a CTE, so the list is made a JSON array for json_each (backslashes
-- and double quotes escaped first, so that no text can break it).
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE status_tags (
    tag        TEXT NOT NULL,                  -- a normalized name, as in tag_names
    status_id  INTEGER NOT NULL,               -- statuses.id
    PRIMARY KEY (tag, status_id)
) WITHOUT ROWID;

-- Every existing post's tags, in key order (one pass over the table).
INSERT INTO status_tags(tag, status_id)
SELECT DISTINCT t.value, s.id
FROM statuses s,
     json_each('["' || replace(replace(replace(s.tag_names, '\', '\\'), '"', '\"'), ' ', '","') || '"]') t
WHERE s.reblog_uri IS NULL AND s.tag_names <> '' AND t.value <> ''
ORDER BY 1, 2;

CREATE TRIGGER status_tags_inserted AFTER INSERT ON statuses
WHEN new.reblog_uri IS NULL AND new.tag_names <> '' BEGIN
    INSERT OR IGNORE INTO status_tags(tag, status_id)
    SELECT DISTINCT value, new.id
    FROM json_each('["' || replace(replace(replace(new.tag_names, '\', '\\'), '"', '\"'), ' ', '","') || '"]')
    WHERE value <> '';
END;

-- The old names are removed by key (no second index on status_id to keep up), the new ones added.
CREATE TRIGGER status_tags_updated AFTER UPDATE OF tag_names, reblog_uri ON statuses
WHEN old.tag_names IS NOT new.tag_names OR old.reblog_uri IS NOT new.reblog_uri BEGIN
    DELETE FROM status_tags WHERE status_id = old.id AND tag IN (
        SELECT value
        FROM json_each('["' || replace(replace(replace(old.tag_names, '\', '\\'), '"', '\"'), ' ', '","') || '"]'));
    INSERT OR IGNORE INTO status_tags(tag, status_id)
    SELECT DISTINCT value, new.id
    FROM json_each('["' || replace(replace(replace(new.tag_names, '\', '\\'), '"', '\"'), ' ', '","') || '"]')
    WHERE new.reblog_uri IS NULL AND value <> '';
END;

CREATE TRIGGER status_tags_deleted AFTER DELETE ON statuses
WHEN old.tag_names <> '' BEGIN
    DELETE FROM status_tags WHERE status_id = old.id AND tag IN (
        SELECT value
        FROM json_each('["' || replace(replace(replace(old.tag_names, '\', '\\'), '"', '\"'), ' ', '","') || '"]'));
END;
