import ArchiveCore
import Foundation

/// The archiving account's relations as the archive's Mastodon API gives them (issue 45): accounts it
/// follows, is followed by, mutes, blocks or endorses as account objects with the archive's ids (their
/// full handles), hashtags as tag objects, and the relationship with an account as the ledger says it.
public enum APIRelationJSON {
    /// The accounts of relation rows: each object as the archiving account's server (`server`,
    /// `https://host`) last sent it, or one made of what the ledger keeps when it sent none.
    public static func accounts(_ rows: [APIRelationRow], server: String) -> [[String: Any]] {
        rows.map { row in
            let handle = APIAccountObject.qualified(row.target, server: server)
            if let raw = row.raw, let object = APIStatusPage.object(raw) {
                return APIAccountObject.rendered(object, server: server, handle: handle)
            }
            return [
                "id": handle, "acct": handle, "username": String(handle.prefix { $0 != "@" }),
                "display_name": row.displayName, "url": row.url ?? NSNull(), "note": "", "avatar": "",
                "avatar_static": "", "header": "", "header_static": "", "locked": false, "bot": false,
                "fields": [Any](), "emojis": [Any](), "followers_count": 0, "following_count": 0, "statuses_count": 0,
            ]
        }
    }

    /// Followed (`featured` false) or featured hashtags: the object the server sent, else one made of the
    /// name; a followed tag is `following`, as Mastodon says.
    public static func tags(_ rows: [APIRelationRow], base: String, featured: Bool) -> [[String: Any]] {
        rows.map { row in
            let name = row.displayName.isEmpty ? row.target : row.displayName
            var object =
                row.raw.flatMap(APIStatusPage.object)
                ?? ["name": name, "url": "\(base)/tags/\(row.target)", "history": [Any]()]
            if featured {
                if object["id"] == nil { object["id"] = row.target }
                if object["statuses_count"] == nil { object["statuses_count"] = 0 }
                if object["last_status_at"] == nil { object["last_status_at"] = NSNull() }
            } else {
                object["following"] = true
            }
            return object
        }
    }

    /// The relationship of the archiving account with the account `handle` (its id), from the holding
    /// relations the ledger keeps with it and with its domain (`relations`): what the server said, and
    /// `false` for what the archive was never told (requests, who blocks the account).
    public static func relationship(_ handle: String, relations: [ArchivedRelation]) -> [String: Any] {
        let lower = handle.lowercased()
        let domain = lower.split(separator: "@").last.map(String.init) ?? ""
        let mine = relations.filter { $0.acct.lowercased() == lower }
        func has(_ kind: RelationKind) -> Bool { mine.contains { $0.kind == kind } }
        let follow = mine.first { $0.kind == .following }
        let domainBlocked = relations.contains { $0.kind == .domainBlocks && $0.acct.lowercased() == domain }
        return [
            "id": handle, "following": follow != nil,
            "showing_reblogs": follow?.settings?.showingReblogs ?? (follow != nil),
            "notifying": follow?.settings?.notifying ?? false,
            "languages": follow?.settings?.languages.map { $0 as Any } ?? NSNull(), "followed_by": has(.followers),
            "blocking": has(.blocks), "blocked_by": false, "muting": has(.mutes), "muting_notifications": has(.mutes),
            "requested": false, "requested_by": false, "domain_blocking": domainBlocked, "endorsed": has(.endorsements),
            "note": mine.first { $0.kind == .notes }?.note ?? "",
        ]
    }
}
