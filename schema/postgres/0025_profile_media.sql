-- Profile images kept by hash (issue 44), as schema/0031_profile_media.sql for SQLite (see that file
-- for what each column holds): the file each profile version's avatar and header were stored as.
-- Nothing in this file may change once shipped: add a new numbered file instead.

ALTER TABLE author_versions ADD COLUMN avatar_sha256 text;
ALTER TABLE author_versions ADD COLUMN header_sha256 text;
