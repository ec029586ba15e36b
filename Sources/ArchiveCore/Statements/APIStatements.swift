import Foundation

/// The statements of the Mastodon client API that `icebox serve` answers (issue 45), one text for both
/// stores: a page of a scope in the archive's date order (`created_at`, then the number), and the rows a
/// page's statuses point at (the posts boosted, the posts replied to, the media kept).
package enum APIStatements {
    /// What every API read of a status selects, its raw JSON as its server sent it.
    static func columns(_ dialect: any SQLDialect) -> String {
        "s.id AS number, s.created_at, s.uri, s.raw_server, s.reblog_uri, s.author_handle, s.gone_at, "
            + "(SELECT i.in_reply_to_id FROM status_ids i WHERE i.status_id = s.id AND i.server = s.raw_server "
            + "ORDER BY i.from_file, i.local_id LIMIT 1) AS parent_id, \(dialect.rawJSON(of: "s")) AS raw_json"
    }

    /// How many posts make a tag common: below it, a tag's page reads all its rows and sorts them; from
    /// it, the statuses in date order, each tested for the tag (a page then reads about
    /// `40 × statuses ÷ tagged` of them).
    package static let commonTag = 10_000

    /// Whether the tag ?1 has at least ``commonTag`` posts, as `common` (reads at most that many rows).
    package static let isCommonTag =
        "SELECT COUNT(*) >= \(commonTag) AS common FROM (SELECT 1 FROM status_tags WHERE tag = ?1 LIMIT \(commonTag)) t"

    /// A page of `scope` within `bounds`, newest first (oldest first when the bounds say so). `commonTag`:
    /// the scope's tag is common (see ``commonTag``).
    package static func page(
        _ scope: APIScope, _ bounds: APIPageBounds, _ dialect: any SQLDialect, commonTag: Bool = false
    ) -> SQLStatement {
        var arguments: [SQLArgument] = []
        func bind(_ value: SQLArgument) -> String {
            arguments.append(value)
            return "?\(arguments.count)"
        }
        var conditions: [String] = []
        var index = dialect.indexedBy("statuses_by_created")
        var from = "statuses s"
        switch scope {
        case .timeline(let id):
            conditions.append(
                "EXISTS (SELECT 1 FROM timeline_statuses ts WHERE ts.timeline_id = \(bind(.int(id))) AND ts.status_id = s.id)"
            )
        case .author(let handle, let filter):
            index = ""
            conditions.append("s.author_handle = \(bind(.text(handle)))")
            if filter.excludeReplies { conditions.append("s.in_reply_to = 0") }
            if filter.excludeReblogs { conditions.append("s.reblog_uri IS NULL") }
            if filter.onlyMedia { conditions.append("s.media_count > 0") }
        case .tag(let name) where commonTag:
            conditions.append(
                "EXISTS (SELECT 1 FROM status_tags t WHERE t.tag = \(bind(.text(name))) AND t.status_id = s.id)")
        case .tag(let name):
            // From the tag's rows (a rare tag is never found by reading every status in date order).
            index = ""
            from = "status_tags t \(dialect.orderedJoin) statuses s ON s.id = t.status_id"
            conditions.append("t.tag = \(bind(.text(name)))")
        case .everything(let host, let remote):
            conditions.append("s.reblog_uri IS NULL AND s.visibility = 'public'")
            if let host {
                let suffix = bind(.text("@" + host.lowercased()))
                let ends = "substr(s.author_handle, length(s.author_handle) - length(CAST(\(suffix) AS TEXT)) + 1)"
                conditions.append(remote ? "\(ends) <> \(suffix)" : "\(ends) = \(suffix)")
            }
        }
        if let below = bounds.below {
            conditions.append("(s.created_at, s.id) < (\(bind(.text(below.createdAt))), \(bind(.int(below.number))))")
        }
        if let above = bounds.above {
            conditions.append("(s.created_at, s.id) > (\(bind(.text(above.createdAt))), \(bind(.int(above.number))))")
        }
        let order = bounds.oldestFirst ? "ASC" : "DESC"
        let sql = """
            SELECT \(columns(dialect)) FROM \(from)\(index) WHERE \(conditions.joined(separator: " AND "))
            ORDER BY s.created_at \(order), s.id \(order) LIMIT \(bind(.int(Int64(bounds.limit))))
            """
        return SQLStatement(sql, arguments: arguments)
    }

    /// The pinned timelines, in the order they were added, as `id`, `spec` and their account's
    /// `account_handle`: what an API request finds its account's timeline by, without counting each
    /// timeline's statuses as ``TimelineStatements`` does for `PinnedTimeline` (850,000 entries of a home
    /// timeline are tens of milliseconds on every page).
    package static let timelines = """
        SELECT t.id, t.spec, a.handle AS account_handle
        FROM timelines t LEFT JOIN archiving_accounts a ON a.id = t.account_id
        WHERE t.removed_at IS NULL ORDER BY t.id
        """

    /// The statuses whose `key` column (`id` or `uri`) is one of the list ?1.
    package static func rows(whereAny key: String, _ dialect: any SQLDialect) -> String {
        "SELECT \(columns(dialect)) FROM statuses s WHERE \(dialect.isAny("s.\(key)", of: "?1"))"
    }

    /// The statuses some server knows by one of the ids ?1, with that server and id: what a status's
    /// `in_reply_to_id` names (the caller keeps the rows of the status's own server).
    package static func byServerIDs(_ dialect: any SQLDialect) -> String {
        """
        SELECT i.server, i.local_id, s.id AS number, s.created_at, s.author_handle
        FROM status_ids i JOIN statuses s ON s.id = i.status_id WHERE \(dialect.isAny("i.local_id", of: "?1"))
        """
    }

    /// The media files kept for the URLs ?1, as `url`, `sha256` and `from_file` (a copy when above 0).
    package static func storedMedia(_ dialect: any SQLDialect) -> String {
        """
        SELECT url, sha256, from_file FROM media_downloads
        WHERE state = 'stored' AND sha256 IS NOT NULL AND \(dialect.isAny("url", of: "?1"))
        """
    }

    /// Archived authors whose handle or name holds the text ?1 (lower case), by handle: ?2 how many, ?3
    /// from which.
    package static func authors(_ dialect: any SQLDialect) -> String {
        """
        SELECT handle FROM authors WHERE \(dialect.position(of: "CAST(?1 AS TEXT)", in: "lower(handle || ' ' || display_name)")) > 0
        ORDER BY \(dialect.bytewise("handle")) LIMIT ?2 OFFSET ?3
        """
    }

    /// Hashtags of archived posts from ?1 up to (not including) ?2, by name: ?3 how many, ?4 from which.
    package static func tags(_ dialect: any SQLDialect) -> String {
        """
        SELECT tag FROM status_tags WHERE \(dialect.bytewise("tag")) >= ?1 AND \(dialect.bytewise("tag")) < ?2
        GROUP BY tag ORDER BY \(dialect.bytewise("tag")) LIMIT ?3 OFFSET ?4
        """
    }
}
