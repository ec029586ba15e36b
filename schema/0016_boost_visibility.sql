-- A boost named by an import keeps its visibility (issue 18): an Announce says it by its addressing
-- (the public collection in `to`: public; in `cc`: unlisted; the followers only: private), and the
-- boost Icebox makes of it once the boosted post is archived, or writes back in an export, has it.
-- Nothing in this file may change once shipped: add a new numbered file instead.
ALTER TABLE status_references ADD COLUMN visibility TEXT;
