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
-- 16 and 32 are computed again whenever the row's raw JSON is written; the others only ever get set.
ALTER TABLE statuses ADD COLUMN user_marks bigint NOT NULL DEFAULT 0;

-- The marks a copy carries by itself (16, 32), as UserMarks.of computes them on SQLite: the object's own
-- `bookmarked`, `favourited` or `reblogged` true, and a mention of an archiving account (its profile URL,
-- its handle, or its handle on the copy's server). The bytes are searched before any JSON is parsed.
CREATE FUNCTION icebox_copy_marks(raw bytea, server text) RETURNS bigint LANGUAGE sql STABLE AS $$
    SELECT (CASE WHEN (position('ed":true'::bytea IN raw) > 0 OR position('ed": true'::bytea IN raw) > 0
                       OR position('ed" : true'::bytea IN raw) > 0)
                      AND (icebox_json(raw)->>'bookmarked' = 'true' OR icebox_json(raw)->>'favourited' = 'true'
                           OR icebox_json(raw)->>'reblogged' = 'true')
                 THEN 16 ELSE 0 END)
         | (CASE WHEN EXISTS (
                SELECT 1 FROM archiving_accounts a
                WHERE position(convert_to(a.username, 'UTF8') IN raw) > 0
                  AND EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(icebox_json(raw)->'mentions') = 'array'
                                                                 THEN icebox_json(raw)->'mentions' ELSE '[]'::jsonb END) m
                              WHERE a.url = m->>'url' OR a.handle = m->>'acct' OR a.handle = (m->>'acct') || '@' || server))
            THEN 32 ELSE 0 END)
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

-- A row written: the copy's own marks again, and on insert what already names it (a reference an import
-- made first, a boost stored before the post).
CREATE FUNCTION icebox_statuses_user_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.user_marks := (NEW.user_marks & ~48) | icebox_copy_marks(NEW.raw_json, NEW.raw_server);
    IF TG_OP = 'INSERT' THEN
        NEW.user_marks := NEW.user_marks | coalesce((
            SELECT bit_or(CASE kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2 WHEN 'boost' THEN 64 ELSE 0 END)
            FROM status_references WHERE uri = NEW.uri), 0)
            | (CASE WHEN EXISTS (SELECT 1 FROM statuses b WHERE b.reblog_uri = NEW.uri
                                 AND b.author_handle IN (SELECT handle FROM archiving_accounts)) THEN 64 ELSE 0 END);
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER statuses_user_marks BEFORE INSERT OR UPDATE OF raw_json, raw_server ON statuses
    FOR EACH ROW EXECUTE FUNCTION icebox_statuses_user_marks();

-- A boost of one of the archiving accounts marks the post it boosts.
CREATE FUNCTION icebox_boosts_user_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE statuses s SET user_marks = s.user_marks | 64
    FROM (SELECT DISTINCT n.reblog_uri FROM inserted n
          WHERE n.reblog_uri IS NOT NULL AND n.author_handle IN (SELECT handle FROM archiving_accounts)) b
    WHERE s.uri = b.reblog_uri AND s.user_marks & 64 = 0;
    RETURN NULL;
END
$$;
CREATE TRIGGER statuses_boosts_user_marks AFTER INSERT ON statuses REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION icebox_boosts_user_marks();

-- A post listed in one of the user's own timelines is marked as it is listed.
CREATE FUNCTION icebox_timeline_user_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE statuses s SET user_marks = s.user_marks | m.bits
    FROM (SELECT n.status_id, bit_or(CASE t.spec WHEN 'bookmarks' THEN 1 WHEN 'favourites' THEN 2
                                                  WHEN 'mentions' THEN 4 ELSE 8 END) AS bits
          FROM inserted n JOIN timelines t ON t.id = n.timeline_id
          WHERE t.spec IN ('bookmarks', 'favourites', 'mentions', 'own') GROUP BY n.status_id) m
    WHERE s.id = m.status_id AND s.user_marks & m.bits <> m.bits;
    RETURN NULL;
END
$$;
CREATE TRIGGER timeline_statuses_user_marks AFTER INSERT ON timeline_statuses REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION icebox_timeline_user_marks();

-- A favourite, bookmark or boost an import names marks the post whether it is archived before the
-- reference or after it (a reference of kind 'claimed' is no mark, as on SQLite since 0018).
CREATE FUNCTION icebox_references_user_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE statuses s SET user_marks = s.user_marks | m.bits
    FROM (SELECT n.uri, bit_or(CASE n.kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2 ELSE 64 END) AS bits
          FROM inserted n WHERE n.kind IN ('bookmark', 'favourite', 'boost') GROUP BY n.uri) m
    WHERE s.uri = m.uri AND s.user_marks & m.bits <> m.bits;
    RETURN NULL;
END
$$;
CREATE TRIGGER status_references_user_marks AFTER INSERT ON status_references REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION icebox_references_user_marks();

-- `is:bookmarked` and `is:favourited` in date order without reading the lists, and the few marked posts.
CREATE INDEX statuses_bookmarked ON statuses(created_at, id) WHERE (user_marks & 1) <> 0;
CREATE INDEX statuses_favourited ON statuses(created_at, id) WHERE (user_marks & 2) <> 0;
CREATE INDEX statuses_marked ON statuses(created_at, id) WHERE user_marks <> 0;
