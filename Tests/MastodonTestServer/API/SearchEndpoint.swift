import Foundation

/// `GET /api/v2/search`, as far as a client resolving a post's address needs it.
extension ServerState {
    /// With `resolve=true` and a post's uri or url as `q`: that post (Mastodon first fetches one it does
    /// not have from its origin; this server knows only its corpus). Resolving without a token is refused
    /// with 401, as Mastodon does. A post the caller may not see, or no post, is an empty result.
    func search(_ call: Call) -> Reply {
        let resolve = call.req.param("resolve") == "true"
        if resolve, call.viewer == nil {
            return .error(401, "Search queries that resolve remote resources are not supported without authentication")
        }
        var statuses: [JSON] = []
        if let query = call.req.param("q"), call.req.param("type").map({ $0 == "statuses" }) ?? true,
            let match = store.statuses.values.first(where: {
                !$0.isReblog
                    && (store.statusURI($0) == query
                        || store.statusURL($0) == query)
            }),
            store.canSee(match, viewer: call.viewer)
        {
            statuses.append(store.renderStatus(match.id, base: base, viewer: call.viewer))
        }
        return .json(["accounts": .array([]), "statuses": .array(statuses), "hashtags": .array([])])
    }
}
