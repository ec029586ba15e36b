import Foundation

/// What the walks of lists and notes read of the relation ledger (issue 44), and the listing of lists
/// with their members. Written once over the store's ``StoreExecutor``.
extension ArchiveStore {
    /// Up to `limit` accounts (their handle, id, profile address and name) whose relationship a walk of
    /// notes asks `account`'s server for, after the account id `after` (from the first when nil), in the
    /// order of their ids: those the account follows, mutes, blocks or endorses, and those it has a note
    /// on (to see whether the note still stands).
    public func relationshipTargets(
        of account: Int64, after: String?, limit: Int
    ) async throws(ArchiveError) -> [RelationEntry] {
        try await executor.fetch(
            SQLStatement(
                RelationStatements.relationshipTargets, .int(account), .text(orNull: after), .int(Int64(limit)))
        ) { row in
            RelationEntry(
                target: try row.text("target"), targetID: try row.text("target_id"), url: try row.optionalText("url"),
                displayName: try row.text("display_name"), raw: nil)
        }
    }

    /// The targets of `kind` of `account` that `walk` saw and that hold (the lists a walk of lists reads
    /// the members of).
    public func relationTargets(
        of account: Int64, kind: RelationKind, seenBy walk: RelationWalk
    ) async throws(ArchiveError) -> [String] {
        try await executor.fetch(
            SQLStatement(RelationStatements.seenBy, .int(account), .text(kind.rawValue), .int(walk.walk))
        ) { try $0.text("target") }
    }

    /// The lists of `account` (every account's when nil) with their members, by account and id; ended
    /// lists and members too when `includeEnded`.
    public func lists(of account: Int64?, includeEnded: Bool) async throws(ArchiveError) -> [ArchivedList] {
        let lists = try await executor.fetch(
            SQLStatement(
                RelationStatements.list, .int(orNull: account), .text(RelationKind.lists.rawValue), .bool(includeEnded))
        ) { row in (try Self.relation(row, kind: .lists), try row.isNull("raw_json") ? nil : try row.bytes("raw_json"))
        }
        let members = try await relations(of: account, kind: .listMembers, includeEnded: includeEnded)
        let byList = Dictionary(grouping: members) { [$0.account, $0.list] }
        return lists.map { list, raw in
            ArchivedList(list, raw: raw, members: byList[[list.account, list.acct], default: []])
        }
    }
}
