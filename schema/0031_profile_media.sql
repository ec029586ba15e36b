-- Profile images kept by hash (issue 44): each version of an author's profile names the avatar and the
-- header file the media archive stored for it, by the SHA-256 of its bytes (media_files.sha256).
--   avatar_sha256, header_sha256: the file stored from the version's avatar/header address, set once
--     the media archive has it (the archiving accounts' own versions whenever media is synced, every
--     author's with --with-avatars) and never moved after: a server that later serves other bytes at
--     the same address makes no older version show them. NULL while not kept.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE author_versions ADD COLUMN avatar_sha256 TEXT;
ALTER TABLE author_versions ADD COLUMN header_sha256 TEXT;
