-- The rest of the relation ledger (issue 44): lists with their members, endorsements, followed and
-- featured hashtags, each follow's own settings, and the private notes on accounts.
--   kind gains: endorsements | followed_tags | featured_tags | lists | list_members | notes
--   list_id: for list_members, the list (its id on the account's server) the member is on; '' for
--     every other kind. A list is a relation of kind `lists` whose target is its id (a renamed list
--     keeps its id, and so its members); its display_name is its title, raw_json the list object.
--   For followed_tags and featured_tags the target is the tag's name in lower case, display_name the
--     name as the server writes it.
--   showing_reblogs, notifying, languages: a follow's settings as /api/v1/accounts/relationships
--     last gave them (NULL until asked; languages a JSON array of codes, NULL for every language).
--   note: for kind `notes`, the private note as last read; raw_json is then the relationship object.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE relations ADD COLUMN list_id TEXT NOT NULL DEFAULT '';
ALTER TABLE relations ADD COLUMN showing_reblogs INTEGER;
ALTER TABLE relations ADD COLUMN notifying INTEGER;
ALTER TABLE relations ADD COLUMN languages TEXT;
ALTER TABLE relations ADD COLUMN note TEXT;
DROP INDEX relations_holding;
CREATE UNIQUE INDEX relations_holding ON relations(account_id, kind, list_id, target) WHERE ended_at IS NULL;
-- The accounts whose relationships a walk of notes asks for, in the order of their ids.
CREATE INDEX relations_by_target_id ON relations(account_id, target_id) WHERE ended_at IS NULL;
