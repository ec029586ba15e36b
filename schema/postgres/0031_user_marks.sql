-- The user's own relations to a post, kept on its row as the SQLite store keeps them (schema/0012_user_marks.sql,
-- UserMarks): one representation on both stores, so that the consent policy and `is:bookmarked` /
-- `is:favourited` read one column with one statement (ConsentPolicy.condition, SQLEngine.hasBits) instead
-- of probing the lists, the references and the raw JSON for every candidate row.
-- Nothing in this file may change once shipped: add a new numbered file instead.
--
-- Bits of statuses.user_marks, as on SQLite:
--   1  in the archived `bookmarks` timeline, or an import named it a bookmark
--   2  in the archived `favourites` timeline, or an import named it a favourite
--   4  in the archived `mentions` timeline          8   in the archived `own` timeline
--   16 served with bookmarked/favourited/reblogged true (the copy shown)
--   32 mentions one of the archiving accounts (the copy shown)
--   64 boosted by one of the archiving accounts, or an import named it a boost
-- 16 and 32 are computed by the store as it writes a row from a copy (the same Swift as SQLite's); the others
-- only ever get set, by the triggers below.
ALTER TABLE statuses ADD COLUMN user_marks bigint NOT NULL DEFAULT 0;

-- The marks a copy carries by itself (16, 32), as UserMarks.of computes them: for the rows archived before
-- this file and for an account added later (a store writing a row computes them itself). The object's own
-- `bookmarked`, `favourited` or `reblogged` true, and a mention of an archiving account (its profile URL,
-- its handle, or its handle on the copy's server). The JSON is parsed once (measured at some 30 µs for a
-- status of 3 KB); a mention is looked for only where an account's username occurs in the bytes, as
-- SQLite's UserMarks.markForAccount looks for it.
CREATE FUNCTION icebox_copy_marks(raw bytea, copy_server text) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
    object jsonb := icebox_json(raw);
    marks bigint := 0;
BEGIN
    IF object->'bookmarked' = 'true'::jsonb OR object->'favourited' = 'true'::jsonb
       OR object->'reblogged' = 'true'::jsonb THEN
        marks := 16;
    END IF;
    IF jsonb_typeof(object->'mentions') = 'array'
       AND EXISTS (SELECT 1 FROM archiving_accounts a WHERE position(convert_to(a.username, 'UTF8') IN raw) > 0)
       AND EXISTS (
           SELECT 1 FROM archiving_accounts a, jsonb_array_elements(object->'mentions') m
           WHERE a.url = m->>'url' OR a.handle = m->>'acct' OR a.handle = (m->>'acct') || '@' || copy_server) THEN
        marks := marks | 32;
    END IF;
    RETURN marks;
END
$$;

-- The marks of the rows that name a post: the lists it is in, the references an import made to it, and
-- the archiving accounts' boosts of it.
CREATE FUNCTION icebox_listed_marks(status bigint, status_uri text) RETURNS bigint LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT bit_or(CASE t.spec WHEN 'bookmarks' THEN 1 WHEN 'favourites' THEN 2 WHEN 'mentions' THEN 4
                                               ELSE 8 END)
                     FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                     WHERE ts.status_id = status AND t.spec IN ('bookmarks', 'favourites', 'mentions', 'own')), 0)
         | coalesce((SELECT bit_or(CASE kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2 WHEN 'boost' THEN 64 ELSE 0 END)
                     FROM status_references WHERE uri = status_uri), 0)
         | (CASE WHEN EXISTS (SELECT 1 FROM statuses b WHERE b.reblog_uri = status_uri
                              AND b.author_handle IN (SELECT handle FROM archiving_accounts)) THEN 64 ELSE 0 END)
$$;

-- The rows archived already (only those with a mark are written).
WITH marks AS (
    SELECT id, icebox_copy_marks(raw_json, raw_server) | icebox_listed_marks(id, uri) AS bits FROM statuses)
UPDATE statuses s SET user_marks = marks.bits FROM marks WHERE s.id = marks.id AND marks.bits <> 0;

-- Each trigger reads the rows a statement inserted and updates the few posts they mark one by one, by
-- their keys: an UPDATE … FROM the inserted rows was planned as a scan of every status for each page.
--
-- A post inserted: what an import's reference made before it names, and the post an archiving account's
-- boost names (as SQLite's triggers and UserMarks.markBoosted). The marks its copy
-- carries by itself come with the row (the store computes them as it writes it, UserMarks.of).
CREATE FUNCTION icebox_statuses_user_marks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    marked record;
BEGIN
    -- Most stores hold no import's references: then no inserted post is looked up.
    IF EXISTS (SELECT 1 FROM status_references) THEN
        FOR marked IN
            SELECT n.id, bit_or(CASE r.kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2 WHEN 'boost' THEN 64
                                             ELSE 0 END) AS bits
            FROM inserted n JOIN status_references r ON r.uri = n.uri GROUP BY n.id
        LOOP
            UPDATE statuses SET user_marks = user_marks | marked.bits
            WHERE id = marked.id AND marked.bits <> 0 AND user_marks & marked.bits <> marked.bits;
        END LOOP;
    END IF;
    FOR marked IN
        SELECT DISTINCT n.reblog_uri AS uri FROM inserted n
        WHERE n.reblog_uri IS NOT NULL AND n.author_handle IN (SELECT handle FROM archiving_accounts)
    LOOP
        UPDATE statuses SET user_marks = user_marks | 64 WHERE uri = marked.uri AND user_marks & 64 = 0;
    END LOOP;
    RETURN NULL;
END
$$;
CREATE TRIGGER statuses_user_marks AFTER INSERT ON statuses REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION icebox_statuses_user_marks();

-- A post listed in one of the user's own timelines is marked as it is listed.
CREATE FUNCTION icebox_timeline_user_marks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    marked record;
BEGIN
    FOR marked IN
        SELECT n.status_id, bit_or(CASE t.spec WHEN 'bookmarks' THEN 1 WHEN 'favourites' THEN 2
                                                WHEN 'mentions' THEN 4 ELSE 8 END) AS bits
        FROM inserted n JOIN timelines t ON t.id = n.timeline_id
        WHERE t.spec IN ('bookmarks', 'favourites', 'mentions', 'own') GROUP BY n.status_id
    LOOP
        UPDATE statuses SET user_marks = user_marks | marked.bits
        WHERE id = marked.status_id AND user_marks & marked.bits <> marked.bits;
    END LOOP;
    RETURN NULL;
END
$$;
CREATE TRIGGER timeline_statuses_user_marks AFTER INSERT ON timeline_statuses REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION icebox_timeline_user_marks();

-- A favourite, bookmark or boost an import names marks the post whether it is archived before the
-- reference or after it (a reference of kind 'claimed' is no mark, as on SQLite since 0018).
CREATE FUNCTION icebox_references_user_marks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    marked record;
BEGIN
    FOR marked IN
        SELECT n.uri, bit_or(CASE n.kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2 ELSE 64 END) AS bits
        FROM inserted n WHERE n.kind IN ('bookmark', 'favourite', 'boost') GROUP BY n.uri
    LOOP
        UPDATE statuses SET user_marks = user_marks | marked.bits
        WHERE uri = marked.uri AND user_marks & marked.bits <> marked.bits;
    END LOOP;
    RETURN NULL;
END
$$;
CREATE TRIGGER status_references_user_marks AFTER INSERT ON status_references REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION icebox_references_user_marks();

-- `is:bookmarked` and `is:favourited` in date order without reading the lists, and the few marked posts.
CREATE INDEX statuses_bookmarked ON statuses(created_at, id) WHERE (user_marks & 1) <> 0;
CREATE INDEX statuses_favourited ON statuses(created_at, id) WHERE (user_marks & 2) <> 0;
CREATE INDEX statuses_marked ON statuses(created_at, id) WHERE user_marks <> 0;
