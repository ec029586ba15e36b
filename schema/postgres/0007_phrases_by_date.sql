-- Phrase search, newest (or oldest) first, without reading every candidate row.
--
-- A phrase of common words ("just so") is rare, so the date index walk rechecked ~40,000 wide rows
-- for 20 matches (120-160 ms at 1M statuses), and the word index's bitmap rechecked 18,000. A RUM
-- index keeps each word's positions and the status's time beside it: it checks the phrase and returns
-- the matches in time order by itself (13-40 ms on the same data). It is slower than the date walk
-- for a single common word, so the store uses it for phrases only (PostgresArchive.search).
--
-- created_order: created_at (ISO 8601, as stored) as a number that sorts the same way, for RUM to
-- order by. It is built from the digits alone, so no created_at a server sent can make a write fail.
CREATE FUNCTION icebox_time_order(text) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT COALESCE(NULLIF(rpad(left(regexp_replace($1, '[^0-9]', '', 'g'), 17), 17, '0'), '')::bigint, 0) $$;

ALTER TABLE statuses ADD COLUMN created_order bigint GENERATED ALWAYS AS (icebox_time_order(created_at)) STORED;

-- RUM is an extension (postgresql-NN-rum) that only a superuser can add. Without it (or without the
-- right to add it) the store works as before, phrases through the word index; an administrator can add
-- it later with `CREATE EXTENSION rum` and create the index below.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
        BEGIN
            CREATE EXTENSION IF NOT EXISTS rum;
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'icebox: no right to CREATE EXTENSION rum; phrases are searched without it';
        END;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'rum') THEN
        CREATE INDEX statuses_phrases_by_date ON statuses
            USING rum (search_words rum_tsvector_addon_ops, created_order)
            WITH (attach = 'created_order', to = 'search_words')
            WHERE reblog_uri IS NULL;
    END IF;
END
$$;
