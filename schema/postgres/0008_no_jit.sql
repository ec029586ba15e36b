-- No JIT compilation for this database's sessions. Icebox's searches are short queries under a LIMIT,
-- but the planner prices the whole scan they may stop early in, so their cost passes jit_above_cost
-- and PostgreSQL compiled ~70 functions first: 0.5 s before a 2 ms search at 1M statuses. A database
-- default (not a startup parameter) also reaches sessions opened through PgBouncer and similar poolers.
-- Only the database's owner may set it; for anyone else the store works as before, and the README says
-- what to ask an administrator for.
DO $$
BEGIN
    EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'icebox: no right to ALTER DATABASE %; searches may wait for JIT compilation', current_database();
END
$$;
