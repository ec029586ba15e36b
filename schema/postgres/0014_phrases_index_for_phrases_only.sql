-- The RUM index of 0007 serves phrase searches in time order, and only them: a RUM index scan gathers and
-- sorts every match before it returns the first, so for a single common word it is the slowest way in.
-- The planner did not know that: a bounded count of "of" at a million statuses (`icebox serve`'s totals,
-- which need no order) walked it, 85 ms and temporary files, where the word index's bitmap or the table
-- take 10 to 40 ms. Its predicate now also states `search_words <> ''`, which every match satisfies but
-- only the phrase search (PostgresArchive.phraseMatchesByDate) writes, so the planner can take the index
-- for nothing else. Stores without the rum extension have no index to change.
-- Nothing in this file may change once shipped: add a new numbered file instead.
DO $$
BEGIN
    IF to_regclass('statuses_phrases_by_date') IS NOT NULL THEN
        DROP INDEX statuses_phrases_by_date;
        CREATE INDEX statuses_phrases_by_date ON statuses
            USING rum (search_words rum_tsvector_addon_ops, created_order)
            WITH (attach = 'created_order', to = 'search_words')
            WHERE reblog_uri IS NULL AND search_words <> ''::tsvector;
    END IF;
END
$$;
