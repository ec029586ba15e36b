-- Substring search for scripts written without spaces (Chinese, Japanese, Thai…).
-- The word index (statuses_fts) sees a run such as 東京タワー as one token, so 東京 would not find it.
-- search_cjk holds every such run as overlapping two-character pieces (東京 京タ タワ ワー), filled by
-- Icebox when it stores a status; a query for 東京 or 東京タワー becomes a phrase of those pieces.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE statuses ADD COLUMN search_cjk TEXT NOT NULL DEFAULT '';

CREATE VIRTUAL TABLE statuses_cjk USING fts5(
    search_cjk,
    content = 'statuses', content_rowid = 'id',
    tokenize = 'unicode61'
);

CREATE TRIGGER statuses_cjk_insert AFTER INSERT ON statuses BEGIN
    INSERT INTO statuses_cjk(rowid, search_cjk) VALUES (new.id, new.search_cjk);
END;

CREATE TRIGGER statuses_cjk_delete AFTER DELETE ON statuses BEGIN
    INSERT INTO statuses_cjk(statuses_cjk, rowid, search_cjk) VALUES ('delete', old.id, old.search_cjk);
END;

CREATE TRIGGER statuses_cjk_update AFTER UPDATE OF search_cjk ON statuses BEGIN
    INSERT INTO statuses_cjk(statuses_cjk, rowid, search_cjk) VALUES ('delete', old.id, old.search_cjk);
    INSERT INTO statuses_cjk(rowid, search_cjk) VALUES (new.id, new.search_cjk);
END;

-- Filters of the search language.
CREATE INDEX statuses_by_language ON statuses(language, created_at);
CREATE INDEX media_attachments_by_type ON media_attachments(type, status_id);
