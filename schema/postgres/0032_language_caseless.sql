-- `language:` compares without case (lower(s.language) = lower($n), SearchFilters), which the index of
-- 0001 on the column itself cannot answer: a search for a rare language read every post in date order to
-- fill a page. Built again on the lowercased language, in the date order PostgreSQL's searches read
-- (created_at), as schema/0036_filters_by_sort_key.sql did on SQLite.
-- Nothing in this file may change once shipped: add a new numbered file instead.
DROP INDEX statuses_by_language;
CREATE INDEX statuses_by_language ON statuses (lower(language), created_at);
