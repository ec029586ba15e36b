import Foundation

/// What files claim of an account's relations (issue 44): the rows of Mastodon's Import and export CSVs,
/// kept apart from the ledger a walk of the server fills (see ``RelationClaim``). Written once over the
/// store's ``StoreExecutor``.
extension ArchiveStore {
    /// Stores one file's claims for `account` (its number and handle), and the posts it names as
    /// bookmarks by uri (as bookmarks.json's are), in one transaction. The same file read again adds
    /// nothing. Gives how many claims and bookmarks were new.
    @discardableResult
    public func storeRelationClaims(
        _ claims: [RelationClaim], bookmarks: [String] = [], account: Int64, handle: String, file: String,
        now: Date = Date()
    ) async throws(ArchiveError) -> Int {
        let stamp = Timestamp.string(now)
        let statements =
            claims.map { claim in
                SQLStatement(
                    RelationClaimStatements.insert, .int(account), .text(claim.kind.rawValue), .text(claim.list),
                    .text(claim.acct), claim.showingReblogs.map { .int($0 ? 1 : 0) } ?? .null,
                    claim.notifying.map { .int($0 ? 1 : 0) } ?? .null,
                    .text(orNull: claim.languages.flatMap(Self.languagesJSON)),
                    claim.hideNotifications.map { .int($0 ? 1 : 0) } ?? .null, .text(claim.claimedBy),
                    .text(claim.fileSHA256), .int(Int64(claim.line)), .text(stamp))
            }
            + bookmarks.map {
                SQLStatement(RelationClaimStatements.bookmark, .text(handle), .text($0), .text(file), .text(stamp))
            }
        @Sendable func storing(from index: Int, new: Int) -> TransactionPlan<Int> {
            guard index < statements.count else { return .done(new) }
            return .statement(statements[index]) { storing(from: index + 1, new: new + $0.count) }
        }
        return try await executor.run(storing(from: 0, new: 0))
    }

    /// The claims of `kind` files made for `account` (every account's when nil), by account, list and
    /// target.
    public func relationClaims(of account: Int64?, kind: RelationKind) async throws(ArchiveError) -> [RelationClaim] {
        try await executor.fetch(
            SQLStatement(RelationClaimStatements.list, .int(orNull: account), .text(kind.rawValue))
        ) {
            row in
            var claim = RelationClaim(
                account: try row.text("account"), kind: RelationKind(rawValue: try row.text("kind")) ?? kind,
                acct: try row.text("target"), list: try row.text("list_name"), claimedBy: try row.text("file"),
                fileSHA256: try row.text("file_sha256"), line: Int(try row.integer("line")))
            claim.claimedAt = try row.text("claimed_at")
            claim.showingReblogs = try row.optionalInteger("showing_reblogs").map { $0 != 0 }
            claim.notifying = try row.optionalInteger("notifying").map { $0 != 0 }
            claim.hideNotifications = try row.optionalInteger("hide_notifications").map { $0 != 0 }
            claim.languages = try row.optionalText("languages").flatMap {
                try? JSONDecoder().decode([String].self, from: Data($0.utf8))
            }
            return claim
        }
    }
}
