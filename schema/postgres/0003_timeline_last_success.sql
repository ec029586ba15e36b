-- When each timeline last synced without failing (as schema/0011 for SQLite), for `icebox doctor`.
-- Nothing in this file may change once shipped: add a new numbered file instead.
ALTER TABLE timelines ADD COLUMN last_success_at text COLLATE "C";
