import Foundation

/// Mastodon `Conversation` JSON, shaped as Mastodon's `REST::ConversationSerializer` writes it
/// (mastodon/mastodon app/serializers/rest/conversation_serializer.rb): `id`, `unread`, `accounts` (the
/// participants but the viewer, or the viewer alone for a conversation with themselves, as
/// `AccountConversation#participant_accounts` gives them) and `last_status` (a status, or null).
extension Store {
    func renderConversation(_ record: ConversationRecord, base: String, viewer: Int) -> JSON {
        var status = JSON.null
        if !record.nullStatus, statuses[record.lastStatusID] != nil {
            status = renderStatus(record.lastStatusID, base: base, viewer: viewer)
            if record.brokenStatus, case .object(let fields) = status {
                status = .object(fields.filter { $0.0 != "account" })
            }
        }
        let others = record.participants.filter { $0 != viewer }
        return .object([
            ("id", .string(String(record.id))), ("unread", .bool(record.unread)),
            ("accounts", .array((others.isEmpty ? [viewer] : others).map { renderAccount($0, base: base) })),
            ("last_status", status),
        ])
    }
}
