import Foundation
import SearchQuery

/// SQL over `status_tags`, the exact index of hashtags (schema/0020_status_tags.sql,
/// schema/postgres/0013_status_tags.sql): one row per tag of each post, boost wrappers left out, kept in
/// step with `statuses.tag_names` by triggers. One text for both stores.
package enum TagStatements {
    /// Whether the status row `s` carries the tag bound at `placeholder`: one seek by key.
    package static func carries(_ placeholder: String) -> String {
        "EXISTS (SELECT 1 FROM status_tags st WHERE st.tag = \(placeholder) AND st.status_id = s.id)"
    }

    /// How many posts carry the tag bound at `placeholder`, as column `n`, from the index alone.
    package static func count(_ placeholder: String) -> String {
        StatsStatements.count("status_tags", where: "tag = \(placeholder)")
    }

    /// The tag of a query that is one positive `#tag` and nothing else, whose count `count` gives.
    package static func soleTag(of query: SearchQuery) -> String? {
        guard case .tag(let name) = query.soleCondition else { return nil }
        return name
    }

    /// The name a hashtag listing (`/tags/<tag>`) looks up: `#` optional, normalized as Hashtag, as the
    /// index holds it. Both stores, so that a listing finds the same posts on either.
    package static func listed(_ tag: String) -> String {
        Hashtag.normalized(tag.hasPrefix("#") ? String(tag.dropFirst()) : tag)
    }
}
