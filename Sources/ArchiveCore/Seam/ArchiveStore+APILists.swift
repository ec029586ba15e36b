import Foundation

/// The reads of the Mastodon client API's lists beside statuses (issue 45), written once over the store's
/// ``StoreExecutor``: an archiving account's notifications paged by their servers' ids, its relations
/// paged by position, its relationships, and the custom emoji the archived statuses use.
extension ArchiveStore {
    /// The notifications of `account` on the page `page` asks for: of `types` (every type when empty) and
    /// none of `excluded`, ids below `page.below` and above `page.above` (compared as Mastodon's ids), in
    /// the order the page says; only the one of server id `id` when given.
    public func apiNotifications(
        of account: Int64, types: [String], excluded: [String], page: APINotificationBounds, id: String? = nil
    ) async throws(ArchiveError) -> [ArchivedNotification] {
        try await executor.fetch(
            SQLStatement(
                APIListStatements.notifications(executor.dialect, oldestFirst: page.oldestFirst), .int(account),
                .texts(types), .texts(excluded), .text(orNull: page.below), .text(orNull: page.above),
                .int(Int64(page.limit)), .bool(!types.isEmpty), .bool(!excluded.isEmpty), .text(orNull: id)),
            Self.notification)
    }

    /// The holding relations of `kind` of `account`, `limit` from position `offset`, in the order the
    /// ledger first saw them (a list member is no relation of its own here).
    public func apiRelations(
        of account: Int64, kind: RelationKind, limit: Int, offset: Int
    ) async throws(ArchiveError) -> [APIRelationRow] {
        try await executor.fetch(
            SQLStatement(
                APIListStatements.relations, .int(account), .text(kind.rawValue), .int(Int64(limit)),
                .int(Int64(offset)))
        ) { row in
            APIRelationRow(
                target: try row.text("target"), url: try row.optionalText("url"),
                displayName: try row.text("display_name"),
                raw: try row.isNull("raw_json") ? nil : try row.bytes("raw_json"))
        }
    }

    /// The holding relations of `account` with any of `targets` (accounts' `user@host` or domains, without
    /// case), but lists: what `/api/v1/accounts/relationships` says.
    public func apiRelationships(of account: Int64, targets: [String]) async throws(ArchiveError) -> [ArchivedRelation]
    {
        guard !targets.isEmpty else { return [] }
        return try await executor.fetch(
            SQLStatement(
                APIListStatements.relationships(executor.dialect), .int(account),
                .texts(targets.map { $0.lowercased() }))
        ) { row in
            let kind = RelationKind(rawValue: try row.text("kind")) ?? .notes
            var relation = ArchivedRelation(
                account: "", kind: kind, acct: try row.text("target"), url: nil, displayName: "", since: "",
                lastSeenAt: "", endedAt: nil)
            relation.note = try row.optionalText("note")
            relation.settings = try Self.followSettings(row)
            return relation
        }
    }

    /// The custom emoji of the newest `statuses` archived statuses (and the posts they boost): one url for
    /// each shortcode, at most `limit`, by shortcode.
    public func apiCustomEmoji(statuses: Int, limit: Int) async throws(ArchiveError) -> [(
        shortcode: String, url: String
    )] {
        try await executor.fetch(
            SQLStatement(
                APIListStatements.customEmoji(executor.dialect), .int(Int64(statuses)), .int(Int64(limit)))
        ) { row in (shortcode: try row.text("shortcode"), url: try row.text("url")) }
    }
}

/// Which of an account's notifications a page of the API holds: ids below `below`, above `above`, at
/// most `limit`, oldest first when read upward from `min_id`.
public struct APINotificationBounds: Sendable, Hashable {
    public var below: String?
    public var above: String?
    public var oldestFirst: Bool
    public var limit: Int

    public init(below: String?, above: String?, oldestFirst: Bool, limit: Int) {
        self.below = below
        self.above = above
        self.oldestFirst = oldestFirst
        self.limit = limit
    }
}

/// A holding relation as the API lists it: the other account (or the domain, or the tag's name), and
/// its object as the archiving account's server last sent it (nil for a domain).
public struct APIRelationRow: Sendable, Hashable {
    public var target: String
    public var url: String?
    public var displayName: String
    public var raw: Data?
}
