-- Server ids a file forged for a post the server's copy had already joined before 0021 (issue 42):
-- 0021 marked as a file's only the ids of posts still shown from a file, so an archive that imported a
-- forged WARC (a record saying post P is id "0" on its server) and then synced P, both before the
-- upgrade, kept "0" unmarked, and `sync --recheck` could ask the server about it.
-- What can still be told: a post has one id on each server, and a copy the server itself sent (the copy
-- shown, raw_authority > 0, or one kept in status_copies with authority > 0) carries that id in its JSON.
-- An id recorded for that post on that server that none of the server's copies names is not the
-- server's word, and is marked. (A server that fetched a purged remote post again may have sent two ids
-- over time: an id any of its copies names is kept.)
-- Not told: a forged id on a server none of whose copies the archive holds (the post came only from
-- other servers or from files); such an id stays unmarked.
-- A copy whose bytes are not JSON tells nothing (CASE keeps json_extract from reading it).
-- Nothing in this file may change once shipped: add a new numbered file instead.

WITH server_ids(status_id, server, id) AS (
    SELECT s.id, s.raw_server,
        CASE WHEN json_valid(CAST(s.raw_json AS TEXT)) THEN json_extract(CAST(s.raw_json AS TEXT), '$.id') END
    FROM statuses s WHERE s.raw_authority > 0
    UNION ALL
    SELECT c.status_id, c.server,
        CASE WHEN json_valid(CAST(c.raw_json AS TEXT)) THEN json_extract(CAST(c.raw_json AS TEXT), '$.id') END
    FROM status_copies c WHERE c.authority > 0)
UPDATE status_ids SET from_file = 1
WHERE from_file = 0
    AND EXISTS (
        SELECT 1 FROM server_ids x
        WHERE x.status_id = status_ids.status_id AND x.server = status_ids.server AND x.id IS NOT NULL)
    AND NOT EXISTS (
        SELECT 1 FROM server_ids x
        WHERE x.status_id = status_ids.status_id AND x.server = status_ids.server AND x.id = status_ids.local_id);
