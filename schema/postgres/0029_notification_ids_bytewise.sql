-- Notification ids compare as bytes, as SQLite compares them and as the servers' own order has them
-- (issue 44). 0020 left notification_id in the database's default collation: in a cluster made with a
-- national locale (en_US.UTF-8, or ICU's), notifications of the same moment were listed `a1` before
-- `B1`, where SQLite lists `B1` first, and a page of the served Mastodon API must page them the same
-- way on both stores. The unique index is rebuilt with the column.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE notifications ALTER COLUMN notification_id TYPE text COLLATE "C";
