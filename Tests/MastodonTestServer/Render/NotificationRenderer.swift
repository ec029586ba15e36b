import Foundation

/// Mastodon `Notification` JSON, shaped as Mastodon's `REST::NotificationSerializer` writes it
/// (mastodon/mastodon app/serializers/rest/notification_serializer.rb): `id`, `type`, `created_at`,
/// `group_key` and `account` always; `status` only for the types about a status; `report` for
/// `admin.report`, `event` for `severed_relationships` and `moderation_warning` for `moderation_warning`;
/// nil when its status was deleted.
extension Store {
    /// The types whose notifications carry a status (`status_type?` in the serializer).
    static let statusNotificationTypes: Set<String> = [
        "favourite", "reblog", "status", "mention", "poll", "update", "quoted_update", "quote",
    ]

    func renderNotification(_ row: Row, base: String, viewer: Int?, quirks: Quirks = Quirks()) -> JSON? {
        var members: [(String, JSON)] = [
            ("id", .string(String(row.rowID))), ("type", .string(row.type)),
            ("created_at", .string(Timestamp.iso8601(row.createdAt))), ("group_key", .string("ungrouped-\(row.rowID)")),
            ("account", renderAccount(row.fromAccount, base: base)),
        ]
        if let sid = row.statusID {
            guard statuses[sid] != nil else { return nil }
            var status = quirks.notificationStatus(renderStatus(sid, base: base, viewer: viewer), type: row.type)
            if row.brokenStatus, case .object(let fields) = status {
                status = .object(fields.filter { $0.0 != "account" })
            }
            members.append(("status", status))
        }
        let stamp = JSON.string(Timestamp.iso8601(row.createdAt))
        let owner = viewer.map { renderAccount($0, base: base) } ?? .null
        switch row.type {
        case "admin.report":
            // REST::ReportSerializer.
            members.append(
                (
                    "report",
                    [
                        "id": .string("r\(row.rowID)"), "action_taken": false, "action_taken_at": .null,
                        "category": "spam", "comment": "", "forwarded": false, "created_at": stamp,
                        "status_ids": .array(row.statusID.map { [.string($0)] } ?? []), "rule_ids": [],
                        "target_account": renderAccount(row.fromAccount, base: base),
                    ]
                ))
        case "severed_relationships":
            // REST::AccountRelationshipSeveranceEventSerializer.
            members.append(
                (
                    "event",
                    [
                        "id": .string("e\(row.rowID)"), "type": "domain_block", "purged": false,
                        "target_name": "severed.example", "created_at": stamp,
                    ]
                ))
        case "moderation_warning":
            // REST::AccountWarningSerializer.
            members.append(
                (
                    "moderation_warning",
                    [
                        "id": .string("w\(row.rowID)"), "action": "none", "text": "Please read the rules.",
                        "status_ids": [], "created_at": stamp, "target_account": owner, "appeal": .null,
                    ]
                ))
        default: break
        }
        return .object(members)
    }
}
