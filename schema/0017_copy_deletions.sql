-- Another server's word is not the truth (issue 27): a post is marked gone (and, with `deletions:
-- redact`, redacted) only on the word of a server that speaks for it: its origin, or a server one of
-- the user's accounts is on. What any other server says of a post of another host (a delete event on
-- an anonymous stream, an id left out of a recheck, a 404) is recorded against that server's copy:
-- its row here, which a recheck of that server then passes over.
-- Nothing in this file may change once shipped: add a new numbered file instead.
ALTER TABLE status_ids ADD COLUMN gone_at TEXT;
ALTER TABLE status_ids ADD COLUMN gone_via TEXT;
