import Foundation
import Models

/// Direct-message conversations kept whole (issue 44), written once over the store's ``StoreExecutor``: a
/// page of a `conversations` timeline keeps its conversations in the transaction of its statuses and
/// cursors (each driver's page store runs ``TransactionPlan/keepWhole(_:timelineID:dialect:)``), and they are
/// listed and counted here.
extension ArchiveStore {
    /// The conversations of `account` (every account's when nil), only those of server id `id` when given,
    /// newest first; `limit` of them (all when nil) from `offset`.
    public func conversations(
        of account: Int64?, id: String? = nil, limit: Int? = nil, offset: Int = 0
    ) async throws(ArchiveError) -> [ArchivedConversation] {
        try await executor.fetch(
            SQLStatement(
                ConversationStatements.list, .int(orNull: account), .text(orNull: id),
                .int(Int64(limit ?? Int(Int64.max))), .int(Int64(offset)))
        ) { row in
            let accounts = try row.text("accounts")
            return ArchivedConversation(
                account: try row.text("account"), id: try row.text("conversation_id"),
                unread: try row.integer("unread") != 0,
                accounts: accounts.split(separator: " ").map(String.init),
                lastStatusID: try row.optionalText("last_status_id"),
                lastStatusURI: try row.optionalText("last_status_uri"),
                lastStatusURL: try row.optionalText("last_status_url"),
                lastStatusCreatedAt: try row.optionalText("last_status_created_at"),
                lastStatusText: try row.optionalText("status_text"), firstSeen: try row.text("first_seen_at"),
                lastSeen: try row.text("last_seen_at"), lastStatusNumber: try row.optionalInteger("status_number"),
                raw: try row.bytes("raw_json"))
        }
    }

    /// How many conversations the archive keeps, of every account.
    public func conversationCount() async throws(ArchiveError) -> Int {
        let counts = try await executor.fetch(SQLStatement(ConversationStatements.count)) { row in
            Int(try row.integer("count"))
        }
        return counts.first ?? 0
    }
}

extension SQLStatement {
    /// The statements that keep a page's conversations: one seen again is updated in place when the object
    /// arriving is no older than the one kept (see ``ConversationStatements/keep``).
    static func keeping(_ conversations: [ArchivableConversation], timelineID: Int64, now: SQLArgument)
        -> [SQLStatement]
    {
        conversations.map { conversation in
            let last = conversation.lastStatus
            return SQLStatement(
                ConversationStatements.keep, .int(timelineID), .text(conversation.id),
                .int(conversation.unread ? 1 : 0), .text(conversation.accounts.joined(separator: " ")),
                .text(orNull: last?.id), .text(orNull: last?.uri), .text(orNull: last?.url),
                .text(orNull: conversation.lastStatusCreatedAt.map(Timestamp.string)), .bytes(conversation.raw),
                now)
        }
    }
}
