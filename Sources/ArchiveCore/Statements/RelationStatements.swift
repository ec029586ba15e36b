/// The statements of the relation ledger (issue 44), one text for both stores (arguments `?1`, `?2`…,
/// see ``SQLDialect/statement(_:)``).
package enum RelationStatements {
    /// Where the walk of ?1 account and ?2 kind stands, its row locked against another worker's walk.
    package static func walk(_ dialect: any SQLDialect) -> String {
        "SELECT walk, cursor, finished_at FROM relation_walks WHERE account_id = ?1 AND kind = ?2" + dialect.rowLock
    }
    /// Walk ?3 of ?1 account and ?2 kind, while it is the one under way (another worker may have finished it
    /// or begun the next), its row locked until the page is stored.
    package static func underWay(_ dialect: any SQLDialect) -> String {
        "SELECT walk FROM relation_walks WHERE account_id = ?1 AND kind = ?2 AND walk = ?3 AND finished_at IS NULL"
            + dialect.rowLock
    }
    /// The first walk of ?1 account and ?2 kind, begun ?3.
    package static let firstWalk = """
        INSERT INTO relation_walks(account_id, kind, walk, cursor, pages, complete, started_at)
        VALUES (?1, ?2, 1, NULL, 0, 1, ?3)
        ON CONFLICT (account_id, kind) DO NOTHING RETURNING walk
        """
    /// Begins the next walk of ?1 account and ?2 kind at ?3; gives its number.
    package static let nextWalk = """
        UPDATE relation_walks SET walk = walk + 1, cursor = NULL, pages = 0, complete = 1, started_at = ?3,
        finished_at = NULL
        WHERE account_id = ?1 AND kind = ?2 RETURNING walk
        """
    /// A relation first seen: ?1 account, ?2 kind, ?3 target, ?4 its id, ?5 url, ?6 name, ?7 raw JSON,
    /// ?8 now, ?9 walk, ?10 its list (for a list member; '' otherwise), ?11 a note's text. Inserts nothing
    /// (and gives no row) while the relation holds already.
    package static let insert = """
        INSERT INTO relations(account_id, kind, target, target_id, url, display_name, raw_json, first_seen_at,
        last_seen_at, seen_walk, list_id, note)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11)
        ON CONFLICT (account_id, kind, list_id, target) WHERE ended_at IS NULL DO NOTHING
        RETURNING id
        """
    /// A holding relation seen again, with the same arguments as `insert`: its profile as last sent. A
    /// later walk's word stands (`seen_walk` never goes down).
    package static let seenAgain = """
        UPDATE relations SET target_id = ?4, url = ?5, display_name = ?6, raw_json = ?7, last_seen_at = ?8,
        seen_walk = ?9, note = ?11
        WHERE account_id = ?1 AND kind = ?2 AND target = ?3 AND list_id = ?10 AND ended_at IS NULL
        AND seen_walk <= ?9
        """
    /// The settings of ?1 account's holding follow of the account with id ?2: ?3 boosts shown, ?4 new
    /// posts notified, ?5 the languages shown (a JSON array; NULL for every language).
    package static let followSettings = """
        UPDATE relations SET showing_reblogs = ?3, notifying = ?4, languages = ?5
        WHERE account_id = ?1 AND kind = 'following' AND target_id = ?2 AND ended_at IS NULL
        """
    /// Up to ?3 accounts whose relationship a walk of notes asks for, after the id ?2 (from the first when
    /// NULL), in the order of their ids: those ?1 account follows, mutes, blocks or endorses, and those it
    /// has a note on.
    package static let relationshipTargets = """
        SELECT target_id, MIN(target) AS target, MIN(url) AS url, MIN(display_name) AS display_name
        FROM relations
        WHERE account_id = ?1 AND ended_at IS NULL AND target_id IS NOT NULL
        AND kind IN ('following', 'mutes', 'blocks', 'endorsements', 'notes')
        AND (CAST(?2 AS TEXT) IS NULL OR target_id > ?2)
        GROUP BY target_id ORDER BY target_id LIMIT ?3
        """
    /// The targets of ?2 kind of ?1 account that walk ?3 saw and that hold.
    package static let seenBy = """
        SELECT target FROM relations WHERE account_id = ?1 AND kind = ?2 AND seen_walk = ?3 AND ended_at IS NULL
        """
    /// A page of walk ?4 of ?2 account and ?3 kind stored: ?1 the next page's cursor; ?5 false when the
    /// page had an entry that could not be read (the walk then ends nothing).
    package static let advance = """
        UPDATE relation_walks SET cursor = ?1, pages = pages + 1, complete = CASE WHEN ?5 THEN complete ELSE 0 END
        WHERE account_id = ?2 AND kind = ?3 AND walk = ?4
        """
    /// Whether walk ?3 of ?1 account and ?2 kind, still under way, read every entry; its row locked.
    package static func complete(_ dialect: any SQLDialect) -> String {
        "SELECT complete FROM relation_walks WHERE account_id = ?1 AND kind = ?2 AND walk = ?3 AND finished_at IS NULL"
            + dialect.rowLock
    }
    /// Ends, at ?4, the holding relations of ?1 account and ?2 kind that walk ?3 did not see.
    package static let end = """
        UPDATE relations SET ended_at = ?4
        WHERE account_id = ?1 AND kind = ?2 AND ended_at IS NULL AND seen_walk < ?3
        RETURNING id
        """
    /// Walk ?3 of ?1 account and ?2 kind finished at ?4.
    package static let finish = """
        UPDATE relation_walks SET finished_at = ?4, cursor = NULL
        WHERE account_id = ?1 AND kind = ?2 AND walk = ?3
        """
    /// The relations of ?2 kind of ?1 account (every account when NULL); ended ones too when ?3.
    package static let list = """
        SELECT a.handle AS account, r.kind, r.target, r.url, r.display_name, r.first_seen_at, r.last_seen_at,
        r.ended_at, r.list_id, r.showing_reblogs, r.notifying, r.languages, r.note, r.raw_json
        FROM relations r JOIN archiving_accounts a ON a.id = r.account_id
        WHERE (CAST(?1 AS BIGINT) IS NULL OR r.account_id = ?1) AND r.kind = ?2 AND (?3 OR r.ended_at IS NULL)
        ORDER BY a.handle, r.list_id, r.target, r.first_seen_at, r.id
        """
    /// Whether a walk of ?1 account and ?2 kind ever read its last page.
    package static let walked = """
        SELECT walk FROM relation_walks WHERE account_id = ?1 AND kind = ?2 AND (finished_at IS NOT NULL OR walk > 1)
        """
    /// How many relations of each kind hold, and how many ended.
    package static let counts = """
        SELECT kind, SUM(CASE WHEN ended_at IS NULL THEN 1 ELSE 0 END) AS holding,
        SUM(CASE WHEN ended_at IS NULL THEN 0 ELSE 1 END) AS ended
        FROM relations GROUP BY kind ORDER BY kind
        """
}
