-- The rest of the relation ledger (issue 44), as schema/0027_lists_and_notes.sql for SQLite: lists
-- with their members, endorsements, followed and featured hashtags, each follow's own settings, and
-- the private notes on accounts. See that file for what each column holds.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE relations ADD COLUMN list_id text NOT NULL DEFAULT '';
ALTER TABLE relations ADD COLUMN showing_reblogs integer;
ALTER TABLE relations ADD COLUMN notifying integer;
ALTER TABLE relations ADD COLUMN languages text;
ALTER TABLE relations ADD COLUMN note text;
DROP INDEX relations_holding;
CREATE UNIQUE INDEX relations_holding ON relations(account_id, kind, list_id, target) WHERE ended_at IS NULL;
CREATE INDEX relations_by_target_id ON relations(account_id, target_id) WHERE ended_at IS NULL;
