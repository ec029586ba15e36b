-- The user's own relations to a post, kept on its row as it is written: what lets the consent policy
-- and `is:bookmarked` / `is:favourited` read one column instead of scanning lists and parsing JSON.
-- Nothing in this file may change once shipped: add a new numbered file instead.
--
-- Bits of statuses.user_marks (see UserMarks.swift):
--   1  in the archived `bookmarks` timeline          8   in the archived `own` timeline
--   2  in the archived `favourites` timeline         16  served with bookmarked/favourited/reblogged true
--   4  in the archived `mentions` timeline           32  mentions one of the archiving accounts
--   64 boosted by one of the archiving accounts
-- 1, 2, 4, 8 and 64 only ever get set (as timeline membership and boosts are kept); 16 and 32 are
-- computed again whenever the row is rewritten from a newer copy. Icebox fills the column for the
-- rows already archived right after this file.
ALTER TABLE statuses ADD COLUMN user_marks INTEGER NOT NULL DEFAULT 0;

-- `is:bookmarked` and `is:favourited` in date order, newest first, without reading the lists; and the
-- few marked posts as a set, so that counting what consent hides reads no statuses row.
CREATE INDEX statuses_bookmarked ON statuses(sort_key) WHERE user_marks & 1;
CREATE INDEX statuses_favourited ON statuses(sort_key) WHERE user_marks & 2;
CREATE INDEX statuses_marked ON statuses(sort_key) WHERE user_marks != 0;

-- An author's posts as full-text keys straight from the index (the date order it gave stays: sort_key
-- follows created_at).
DROP INDEX statuses_by_author;
CREATE INDEX statuses_by_author ON statuses(author_handle, sort_key);

-- A post listed in one of the user's own timelines is marked as it is listed.
CREATE TRIGGER timeline_statuses_user_marks AFTER INSERT ON timeline_statuses
WHEN (SELECT spec FROM timelines WHERE id = new.timeline_id) IN ('bookmarks', 'favourites', 'mentions', 'own')
BEGIN
    UPDATE statuses SET user_marks = user_marks | (
        SELECT CASE spec WHEN 'bookmarks' THEN 1 WHEN 'favourites' THEN 2 WHEN 'mentions' THEN 4 ELSE 8 END
        FROM timelines WHERE id = new.timeline_id)
    WHERE id = new.status_id;
END;
