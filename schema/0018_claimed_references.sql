-- A post an import names as its account's whose id is another server's is kept as a reference of kind
-- 'claimed' (issue 27): the file is no word of that server's. It is no mark of the user's, so the two
-- triggers of 0014_imports, which counted every kind but a favourite or a bookmark as a boost (64), now
-- name the boost and give any other kind no mark.
-- Nothing in this file may change once shipped: add a new numbered file instead.

DROP TRIGGER status_references_user_marks;
CREATE TRIGGER status_references_user_marks AFTER INSERT ON status_references BEGIN
    UPDATE statuses SET user_marks = user_marks | (CASE new.kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2
                                                                 WHEN 'boost' THEN 64 ELSE 0 END)
    WHERE uri = new.uri;
END;

DROP TRIGGER statuses_referenced_user_marks;
CREATE TRIGGER statuses_referenced_user_marks AFTER INSERT ON statuses
WHEN EXISTS (SELECT 1 FROM status_references WHERE uri = new.uri)
BEGIN
    UPDATE statuses SET user_marks = user_marks | (
        SELECT coalesce(SUM(DISTINCT CASE kind WHEN 'bookmark' THEN 1 WHEN 'favourite' THEN 2 WHEN 'boost' THEN 64
                                               ELSE 0 END), 0)
        FROM status_references WHERE uri = new.uri)
    WHERE id = new.id;
END;
