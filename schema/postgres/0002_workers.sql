-- Many workers on one store (issue 16): each server's timelines are synced by one worker at a time
-- (a lease that expires, so a worker killed with kill -9 gives its servers back by itself), and each
-- server's rate budget is kept here, so the next worker starts from what the last one saw and two
-- machines never overdraw a server between them.
-- Nothing in this file may change once shipped: add a new numbered file instead.

CREATE TABLE server_leases (
    server         text PRIMARY KEY,          -- host[:port], as timelines.server
    holder         text,                      -- the worker holding it (host, pid, a random part)
    expires_at     timestamptz,               -- the lease ends here unless renewed
    claimed_at     timestamptz,
    last_done_at   timestamptz                -- when a worker last finished its timelines
);

CREATE TABLE rate_budgets (
    server      text NOT NULL,
    client      text NOT NULL,                -- the account's id in this store, or 'anonymous'
    limit_count integer,
    remaining   integer,
    reset_at    timestamptz,
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (server, client)
);

-- Workers waiting for work are woken when a timeline is pinned (or pinned again).
CREATE FUNCTION icebox_notify_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('icebox_work', 'timelines');
    RETURN NULL;
END
$$;
CREATE TRIGGER timelines_pinned AFTER INSERT OR UPDATE OF removed_at ON timelines
    FOR EACH STATEMENT EXECUTE FUNCTION icebox_notify_work();
