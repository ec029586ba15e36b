-- An exact index of hashtags (issues 30 and 31), as schema/0020_status_tags.sql for SQLite: one row for
-- each tag of each post (boost wrappers left out), so that a `#tag` search counts and checks its posts here
-- instead of splitting every candidate row's tag_names.
-- Statement triggers over transition tables keep it in step with statuses.tag_names whoever writes it
-- (sync, edits, deletions, imports, the COPY of `icebox migrate`): one INSERT … SELECT per statement, not
-- a function call per row.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE status_tags (
    tag        text COLLATE "C" NOT NULL,
    status_id  bigint NOT NULL
);

-- Every existing post's tags, then the key (built once, faster than kept up row by row).
INSERT INTO status_tags(tag, status_id)
SELECT DISTINCT t.name, s.id
FROM statuses s CROSS JOIN LATERAL unnest(string_to_array(s.tag_names, ' ')) AS t(name)
WHERE s.reblog_uri IS NULL AND s.tag_names <> '' AND t.name <> '';

ALTER TABLE status_tags ADD PRIMARY KEY (tag, status_id);

ANALYZE status_tags;

-- Each author's post numbers, read from the index alone (SQLite's statuses_by_author gives the same): a
-- `#tag` count less the posts consent hides finds the opted-out authors' posts that carry the tag without
-- reading their rows (a count of #swift, 250,000 posts at 1,000,000: 1.3 s through the rows, 0.18 s so).
CREATE INDEX statuses_by_author ON statuses (author_handle) INCLUDE (id);

CREATE FUNCTION status_tags_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO status_tags(tag, status_id)
    SELECT DISTINCT t.name, n.id
    FROM new_statuses n CROSS JOIN LATERAL unnest(string_to_array(n.tag_names, ' ')) AS t(name)
    WHERE n.reblog_uri IS NULL AND n.tag_names <> '' AND t.name <> ''
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER status_tags_inserted AFTER INSERT ON statuses
REFERENCING NEW TABLE AS new_statuses FOR EACH STATEMENT EXECUTE FUNCTION status_tags_inserted();

-- Only rows whose tags or boost changed: the old names removed by key, the new ones added.
CREATE FUNCTION status_tags_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM status_tags st
    USING old_statuses o JOIN new_statuses n ON n.id = o.id
        CROSS JOIN LATERAL unnest(string_to_array(o.tag_names, ' ')) AS t(name)
    WHERE (n.tag_names, n.reblog_uri) IS DISTINCT FROM (o.tag_names, o.reblog_uri)
        AND st.tag = t.name AND st.status_id = o.id;
    INSERT INTO status_tags(tag, status_id)
    SELECT DISTINCT t.name, n.id
    FROM new_statuses n JOIN old_statuses o ON o.id = n.id
        CROSS JOIN LATERAL unnest(string_to_array(n.tag_names, ' ')) AS t(name)
    WHERE (n.tag_names, n.reblog_uri) IS DISTINCT FROM (o.tag_names, o.reblog_uri)
        AND n.reblog_uri IS NULL AND t.name <> ''
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER status_tags_updated AFTER UPDATE ON statuses
REFERENCING OLD TABLE AS old_statuses NEW TABLE AS new_statuses
FOR EACH STATEMENT EXECUTE FUNCTION status_tags_updated();

CREATE FUNCTION status_tags_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM status_tags st
    USING old_statuses o CROSS JOIN LATERAL unnest(string_to_array(o.tag_names, ' ')) AS t(name)
    WHERE st.tag = t.name AND st.status_id = o.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER status_tags_deleted AFTER DELETE ON statuses
REFERENCING OLD TABLE AS old_statuses FOR EACH STATEMENT EXECUTE FUNCTION status_tags_deleted();
