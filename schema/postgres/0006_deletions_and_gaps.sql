-- Deletions kept as tombstones, and a ledger of the windows Icebox could not read (as schema/0013 for
-- SQLite). Nothing in this file may change once shipped: add a new numbered file instead.
ALTER TABLE statuses ADD COLUMN gone_via text;
ALTER TABLE statuses ADD COLUMN redacted_at text;
UPDATE statuses SET gone_via = 'fetch' WHERE gone_at IS NOT NULL;
CREATE INDEX statuses_gone ON statuses(gone_at) WHERE gone_at IS NOT NULL;

CREATE TABLE timeline_gaps (
    id           bigserial PRIMARY KEY,
    timeline_id  bigint NOT NULL REFERENCES timelines(id),
    cause        text NOT NULL,
    from_id      text,
    to_id        text,
    from_time    text,
    to_time      text,
    opened_at    text NOT NULL,
    closed_at    text,
    closed_by    text
);
CREATE INDEX timeline_gaps_open ON timeline_gaps(timeline_id) WHERE closed_at IS NULL;
