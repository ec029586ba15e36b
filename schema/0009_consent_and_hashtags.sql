-- Consent to be searched, and hashtags compared as Mastodon compares them.
-- Nothing in this file may change once shipped: add a new numbered file instead.

-- Whether the author opted out of full-text search (indexable: false, noindex: true, or #nobot /
-- #nosearch in the bio), computed by Icebox from the newest copy of the account it archived, each time
-- the account is written: a search reads one small set of handles instead of parsing bios.
ALTER TABLE authors ADD COLUMN opted_out INTEGER NOT NULL DEFAULT 0;
CREATE INDEX authors_opted_out ON authors(handle) WHERE opted_out = 1;

-- Per-archive settings, name → value (search-consent: on | off).
CREATE TABLE settings (
    name   TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) WITHOUT ROWID;

-- statuses.tag_names holds each hashtag as Mastodon's HashtagNormalizer would (NFKC, lower case, Latin
-- folded to ASCII): Icebox rewrites the existing rows with non-ASCII tags after this file (the update
-- trigger re-indexes them), and writes new rows that way.
