-- A boost's boosted post keeps its account object and its card once too (issue 43: bytes per status), as
-- 0019 and 0035 keep a status's own. A boost carries the post it boosts whole, with that post's author's
-- account object (about half of a status's bytes) and its card; the boosted post is stored as a row of its
-- own as well, so those objects were kept twice at least, and once more for every boost of the post. A
-- status stored from now on keeps in raw_json {} in place of "reblog"."account" and "reblog"."card" too,
-- their numbers in raw_boosted_account and raw_boosted_card (in raw_accounts and raw_cards), and in the
-- _at columns how many bytes of raw_json come before each {}. The four objects are cut out in the order
-- the server sent them in, one of two: the boosted post's account and card, then the account, then the
-- card (Mastodon and GoToSocial write "reblog" before "account"), or the account, then the boosted post's
-- account and card, then the card (mastodon-mock, Pleroma), each only after those before it. The first is
-- told by the boosted post's offsets being below the account's. So the JSON as the server sent it is, byte
-- for byte, the bytes before the first {}, its object, the bytes up to the next {}, and so on, in that
-- order: the status_json view below (and the posts view through it; Icebox reads it through the same
-- expression). A row whose columns of a kind are NULL holds that object in place:
-- every row stored before this migration, and any status whose objects could not be told apart without
-- doubt (see RawJSON.uniqueObjectRanges).
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE statuses ADD COLUMN raw_boosted_account INTEGER REFERENCES raw_accounts(id);
ALTER TABLE statuses ADD COLUMN raw_boosted_account_at INTEGER;
ALTER TABLE statuses ADD COLUMN raw_boosted_card INTEGER REFERENCES raw_cards(id);
ALTER TABLE statuses ADD COLUMN raw_boosted_card_at INTEGER;

-- A card no row names any more goes (0035), whichever of a row's two columns named it.
CREATE INDEX statuses_by_boosted_card ON statuses(raw_boosted_card) WHERE raw_boosted_card IS NOT NULL;
DROP TRIGGER raw_cards_unused_after_update;
DROP TRIGGER raw_cards_unused_after_delete;
CREATE TRIGGER raw_cards_unused_after_update AFTER UPDATE OF raw_card ON statuses
WHEN old.raw_card IS NOT NULL AND new.raw_card IS NOT old.raw_card BEGIN
    DELETE FROM raw_cards WHERE id = old.raw_card
        AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_card = old.raw_card)
        AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_boosted_card = old.raw_card);
END;
CREATE TRIGGER raw_cards_unused_after_delete AFTER DELETE ON statuses
WHEN old.raw_card IS NOT NULL BEGIN
    DELETE FROM raw_cards WHERE id = old.raw_card
        AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_card = old.raw_card)
        AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_boosted_card = old.raw_card);
END;
CREATE TRIGGER raw_boosted_cards_unused_after_update AFTER UPDATE OF raw_boosted_card ON statuses
WHEN old.raw_boosted_card IS NOT NULL AND new.raw_boosted_card IS NOT old.raw_boosted_card BEGIN
    DELETE FROM raw_cards WHERE id = old.raw_boosted_card
        AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_card = old.raw_boosted_card)
        AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_boosted_card = old.raw_boosted_card);
END;
CREATE TRIGGER raw_boosted_cards_unused_after_delete AFTER DELETE ON statuses
WHEN old.raw_boosted_card IS NOT NULL BEGIN
    DELETE FROM raw_cards WHERE id = old.raw_boosted_card
        AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_card = old.raw_boosted_card)
        AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_boosted_card = old.raw_boosted_card);
END;

-- Every status (boosts too) with its JSON as sent, as text, the four objects spliced back in place.
DROP VIEW status_json;
CREATE VIEW status_json AS
SELECT s.id AS number, s.uri, s.raw_server,
       CAST(CASE WHEN s.raw_account IS NULL AND s.raw_boosted_account IS NULL AND s.raw_boosted_card IS NULL
                 AND s.raw_card IS NULL THEN s.raw_json
            -- The boosted post's objects before the account (Mastodon, GoToSocial).
            WHEN s.raw_account_at > coalesce(s.raw_boosted_account_at, s.raw_boosted_card_at) THEN
                CASE WHEN s.raw_boosted_account IS NULL THEN '' ELSE substr(s.raw_json, 0 + 1, s.raw_boosted_account_at - 0)
                     || (SELECT a.json FROM raw_accounts a WHERE a.id = s.raw_boosted_account) END
                || CASE WHEN s.raw_boosted_card IS NULL THEN '' ELSE substr(s.raw_json, coalesce(s.raw_boosted_account_at + 2, 0) + 1, s.raw_boosted_card_at - coalesce(s.raw_boosted_account_at + 2, 0))
                     || (SELECT c.json FROM raw_cards c WHERE c.id = s.raw_boosted_card) END
                || CASE WHEN s.raw_account IS NULL THEN '' ELSE substr(s.raw_json, coalesce(s.raw_boosted_card_at + 2, s.raw_boosted_account_at + 2, 0) + 1, s.raw_account_at - coalesce(s.raw_boosted_card_at + 2, s.raw_boosted_account_at + 2, 0))
                     || (SELECT a.json FROM raw_accounts a WHERE a.id = s.raw_account) END
                || CASE WHEN s.raw_card IS NULL THEN '' ELSE substr(s.raw_json, coalesce(s.raw_account_at + 2, s.raw_boosted_card_at + 2, s.raw_boosted_account_at + 2, 0) + 1, s.raw_card_at - coalesce(s.raw_account_at + 2, s.raw_boosted_card_at + 2, s.raw_boosted_account_at + 2, 0))
                     || (SELECT c.json FROM raw_cards c WHERE c.id = s.raw_card) END
                || substr(s.raw_json, coalesce(s.raw_card_at + 2, s.raw_account_at + 2, s.raw_boosted_card_at + 2, s.raw_boosted_account_at + 2, 0) + 1)
            -- The account first (mastodon-mock, Pleroma), or only one of the two cut out.
            ELSE
                CASE WHEN s.raw_account IS NULL THEN '' ELSE substr(s.raw_json, 0 + 1, s.raw_account_at - 0)
                     || (SELECT a.json FROM raw_accounts a WHERE a.id = s.raw_account) END
                || CASE WHEN s.raw_boosted_account IS NULL THEN '' ELSE substr(s.raw_json, coalesce(s.raw_account_at + 2, 0) + 1, s.raw_boosted_account_at - coalesce(s.raw_account_at + 2, 0))
                     || (SELECT a.json FROM raw_accounts a WHERE a.id = s.raw_boosted_account) END
                || CASE WHEN s.raw_boosted_card IS NULL THEN '' ELSE substr(s.raw_json, coalesce(s.raw_boosted_account_at + 2, s.raw_account_at + 2, 0) + 1, s.raw_boosted_card_at - coalesce(s.raw_boosted_account_at + 2, s.raw_account_at + 2, 0))
                     || (SELECT c.json FROM raw_cards c WHERE c.id = s.raw_boosted_card) END
                || CASE WHEN s.raw_card IS NULL THEN '' ELSE substr(s.raw_json, coalesce(s.raw_boosted_card_at + 2, s.raw_boosted_account_at + 2, s.raw_account_at + 2, 0) + 1, s.raw_card_at - coalesce(s.raw_boosted_card_at + 2, s.raw_boosted_account_at + 2, s.raw_account_at + 2, 0))
                     || (SELECT c.json FROM raw_cards c WHERE c.id = s.raw_card) END
                || substr(s.raw_json, coalesce(s.raw_card_at + 2, s.raw_boosted_card_at + 2, s.raw_boosted_account_at + 2, s.raw_account_at + 2, 0) + 1) END
       AS TEXT) AS raw_json
FROM statuses s;
