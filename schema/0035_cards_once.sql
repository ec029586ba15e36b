-- Each preview card stored once (issue 43: bytes per status), as 0019 stores each account object once.
-- Mastodon itself keeps one preview_cards row per link and serves that same object with every post that
-- links the page, so a card repeats byte for byte across posts, boosts and timelines (on the realistic
-- corpus, 215 of the 3,472 bytes a status took). A status stored from now on keeps in raw_json {} in place
-- of its outer "card" object too, that object's number in raw_card and, in raw_card_at, how many bytes of
-- raw_json come before its {}. A card is cut out only when it comes after the account object (or the
-- account object stays), so that the JSON as the server sent it is, byte for byte,
--   (raw_account IS NULL: substr(raw_json, 1, raw_card_at)
--    otherwise:           substr(raw_json, 1, raw_account_at) || raw_accounts.json
--                         || substr(raw_json, raw_account_at + 3, raw_card_at - raw_account_at - 2))
--   || raw_cards.json || substr(raw_json, raw_card_at + 3)
-- which the status_json view below returns (and the posts view through it; Icebox reads it through the
-- same expression). A row whose raw_card is NULL holds its card in place: every row stored before this
-- migration, and any status whose card could not be told apart without doubt (see RawJSON.uniqueObjectRanges).
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE raw_cards (
    id    INTEGER PRIMARY KEY,
    hash  INTEGER NOT NULL,                  -- 64-bit FNV-1a of json, to find it again (bytes compared too)
    json  BLOB NOT NULL                      -- the card object byte for byte as a server sent it
);
CREATE INDEX raw_cards_by_hash ON raw_cards(hash);

ALTER TABLE statuses ADD COLUMN raw_card INTEGER REFERENCES raw_cards(id);
ALTER TABLE statuses ADD COLUMN raw_card_at INTEGER;

-- A card no row names any more goes: a redaction removes what a gone post showed, its card too, unless
-- another post links the same page (and an edit that changed the card leaves no unused one behind).
CREATE INDEX statuses_by_card ON statuses(raw_card) WHERE raw_card IS NOT NULL;
CREATE TRIGGER raw_cards_unused_after_update AFTER UPDATE OF raw_card ON statuses
WHEN old.raw_card IS NOT NULL AND new.raw_card IS NOT old.raw_card BEGIN
    DELETE FROM raw_cards WHERE id = old.raw_card AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_card = old.raw_card);
END;
CREATE TRIGGER raw_cards_unused_after_delete AFTER DELETE ON statuses
WHEN old.raw_card IS NOT NULL BEGIN
    DELETE FROM raw_cards WHERE id = old.raw_card AND NOT EXISTS (SELECT 1 FROM statuses WHERE raw_card = old.raw_card);
END;

-- Every status (boosts too) with its JSON as sent, as text, the card spliced back too.
DROP VIEW status_json;
CREATE VIEW status_json AS
SELECT s.id AS number, s.uri, s.raw_server,
       CAST(CASE WHEN s.raw_card IS NULL THEN
                      CASE WHEN s.raw_account IS NULL THEN s.raw_json
                           ELSE substr(s.raw_json, 1, s.raw_account_at)
                                || (SELECT a.json FROM raw_accounts a WHERE a.id = s.raw_account)
                                || substr(s.raw_json, s.raw_account_at + 3) END
                 ELSE CASE WHEN s.raw_account IS NULL THEN substr(s.raw_json, 1, s.raw_card_at)
                           ELSE substr(s.raw_json, 1, s.raw_account_at)
                                || (SELECT a.json FROM raw_accounts a WHERE a.id = s.raw_account)
                                || substr(s.raw_json, s.raw_account_at + 3, s.raw_card_at - s.raw_account_at - 2) END
                      || (SELECT c.json FROM raw_cards c WHERE c.id = s.raw_card)
                      || substr(s.raw_json, s.raw_card_at + 3) END AS TEXT) AS raw_json
FROM statuses s;
