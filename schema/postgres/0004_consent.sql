-- Consent to be searched (as schema/0009 for SQLite): whether each author opted out of full-text search,
-- computed by Icebox from the newest copy of the account it archived, and per-store settings.
-- Nothing in this file may change once shipped: add a new numbered file instead.
ALTER TABLE authors ADD COLUMN opted_out boolean NOT NULL DEFAULT false;
CREATE INDEX authors_opted_out ON authors(handle) WHERE opted_out;

CREATE TABLE settings (
    name   text PRIMARY KEY,
    value  text NOT NULL
);
