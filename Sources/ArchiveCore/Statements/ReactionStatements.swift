import Foundation

/// Who favourited and boosted the archiving accounts' own posts as their own servers say (issue 44,
/// `schema/0032_status_reactions.sql`), one text for both stores.
package enum ReactionStatements {
    /// The posts account ?1 (handle ?2) wrote that its server (?3, as `status_ids` names it) has an id
    /// for, whose favourites or boosts count (as that server last sent it: when a recheck read the post
    /// again, else its archived copy's) differs from when the account last asked (never asked: nothing
    /// counted), oldest first, at most ?4: so every post is asked about in turn, however many change.
    package static let candidates = """
        SELECT p.id AS number, p.uri, MIN(i.local_id) AS local_id,
            CAST(COALESCE(MIN(n.favourites_count), p.favourites_count) AS bigint) AS favourites,
            CAST(COALESCE(MIN(n.reblogs_count), p.reblogs_count) AS bigint) AS reblogs,
            CAST(MIN(c.favourites_count) AS bigint) AS asked_favourites,
            CAST(MIN(c.reblogs_count) AS bigint) AS asked_reblogs
        FROM statuses p
        JOIN status_ids i ON i.status_id = p.id AND i.server = ?3
        LEFT JOIN status_counts n ON n.status_uri = p.uri AND n.server = ?3
        LEFT JOIN reaction_checks c ON c.account_id = ?1 AND c.status_uri = p.uri
        WHERE lower(p.author_handle) = lower(?2) AND p.reblog_uri IS NULL AND p.gone_at IS NULL
          AND (COALESCE(n.favourites_count, p.favourites_count) <> COALESCE(c.favourites_count, 0)
            OR COALESCE(n.reblogs_count, p.reblogs_count) <> COALESCE(c.reblogs_count, 0))
        GROUP BY p.id, p.uri, p.favourites_count, p.reblogs_count
        ORDER BY p.id LIMIT ?4
        """

    /// Records the counts server ?2 sent now (?3 favourites, ?4 boosts, ?5 now) of post ?1, when ?6, its
    /// author, is one of the archive's accounts: a post reread keeps its first copy's bytes, and this
    /// says whether its counts moved.
    package static let counts = """
        INSERT INTO status_counts(status_uri, server, favourites_count, reblogs_count, seen_at)
        SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM archiving_accounts a WHERE lower(a.handle) = lower(?6))
        ON CONFLICT(status_uri, server) DO UPDATE SET favourites_count = excluded.favourites_count,
            reblogs_count = excluded.reblogs_count, seen_at = excluded.seen_at
        """

    /// Keeps an account the server says reacted (?3 `favourite` or `reblog`) to post ?2 of account ?1:
    /// ?4 its handle, ?5 display name, ?6 the account object, ?7 now. Returns a row when it is new.
    package static let insert = """
        INSERT INTO status_reactions(account_id, status_uri, type, acct, display_name, raw_json, first_seen_at,
            last_seen_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
        ON CONFLICT(account_id, status_uri, type, acct) DO NOTHING RETURNING id
        """

    /// An account seen again, arguments as ``insert``: its name and object as the server sends them now.
    package static let seenAgain = """
        UPDATE status_reactions SET display_name = ?5, raw_json = ?6, last_seen_at = ?7
        WHERE account_id = ?1 AND status_uri = ?2 AND type = ?3 AND acct = ?4
        """

    /// Records what post ?2's counts were when account ?1 asked about them: ?3 favourites, ?4 boosts (NULL:
    /// not asked this time, the last count stays), ?5 now.
    package static let asked = """
        INSERT INTO reaction_checks(account_id, status_uri, favourites_count, reblogs_count, asked_at)
        VALUES (?1, ?2, ?3, ?4, ?5)
        ON CONFLICT(account_id, status_uri) DO UPDATE SET
            favourites_count = COALESCE(excluded.favourites_count, reaction_checks.favourites_count),
            reblogs_count = COALESCE(excluded.reblogs_count, reaction_checks.reblogs_count),
            asked_at = excluded.asked_at
        """
}
