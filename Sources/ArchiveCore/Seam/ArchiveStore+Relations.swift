import Foundation

/// The relation ledger (issue 44): whom each archiving account follows, who follows it, whom it mutes
/// and blocks, which domains it blocks. Written once over the store's ``StoreExecutor``. A walk reads a
/// kind's pages one by one, each stored with the next page's cursor in one transaction (so a run cut
/// short resumes where it stopped); only a walk that read every page and entry ends the relations it
/// did not see, and an ended relation is never deleted.
extension ArchiveStore {
    /// The walk of `kind` for `account` to run now: the one under way (resumed at its cursor), or a new
    /// one; nil when the last one finished less than `interval` ago (nothing to ask the server). The
    /// walk's row is read locked, so two workers of a shared store never both begin a walk.
    public func relationWalk(
        account: Int64, kind: RelationKind, every interval: TimeInterval, now: Date = Date()
    ) async throws(ArchiveError) -> RelationWalk? {
        let stamp = Timestamp.string(now)
        let keys: [SQLArgument] = [.int(account), .text(kind.rawValue), .text(stamp)]
        let read = SQLStatement(RelationStatements.walk(executor.dialect), arguments: Array(keys.prefix(2)))
        @Sendable func decide(_ rows: [(walk: Int64, cursor: String?, finished: String?)], retry: Bool)
            -> TransactionPlan<RelationWalk?>
        {
            guard let held = rows.first else {
                // Another worker may insert the first walk at the same moment: then it is read again.
                return .fetch(SQLStatement(RelationStatements.firstWalk, arguments: keys), { try $0.integer("walk") }) {
                    inserted in
                    if !inserted.isEmpty || !retry {
                        return .done(inserted.isEmpty ? nil : RelationWalk(walk: 1, cursor: nil))
                    }
                    return .fetch(read, Self.walkRow) { decide($0, retry: false) }
                }
            }
            guard let finished = held.finished else { return .done(RelationWalk(walk: held.walk, cursor: held.cursor)) }
            if let at = Timestamp.date(finished), now.timeIntervalSince(at) < interval { return .done(nil) }
            return .fetch(SQLStatement(RelationStatements.nextWalk, arguments: keys), { try $0.integer("walk") }) {
                .done($0.first.map { RelationWalk(walk: $0, cursor: nil) })
            }
        }
        return try await executor.run(.fetch(read, Self.walkRow) { decide($0, retry: true) })
    }

    private static func walkRow(_ row: any ColumnReading) throws -> (walk: Int64, cursor: String?, finished: String?) {
        (
            walk: try row.integer("walk"), cursor: try row.optionalText("cursor"),
            finished: try row.optionalText("finished_at")
        )
    }

    /// Stores one page of a walk and the cursor of the next (nil: it was the last) in one transaction;
    /// `readable` false when an entry of the page could not be read, so the walk ends nothing. `settings`
    /// (a walk of notes) are the settings of the account's follows, by the followed account's id. Gives
    /// how many relations were seen for the first time; nil, storing nothing, when the walk is no longer
    /// the one under way (another worker of a shared store finished it, or began the next).
    @discardableResult
    public func storeRelationPage(
        _ entries: [RelationEntry], account: Int64, kind: RelationKind, walk: RelationWalk, next: String?,
        readable: Bool = true, settings: [String: FollowSettings] = [:], now: Date = Date()
    ) async throws(ArchiveError) -> Int? {
        let stamp = Timestamp.string(now)
        var seen = Set<[String]>()
        // A server that names an account twice on a page (or in a list) speaks of one relation.
        let distinct = entries.filter { seen.insert([$0.list, $0.target]).inserted }
        let advance =
            settings.sorted { $0.key < $1.key }.map { id, setting in
                SQLStatement(
                    RelationStatements.followSettings, .int(account), .text(id), .int(setting.showingReblogs ? 1 : 0),
                    .int(setting.notifying ? 1 : 0), .text(orNull: setting.languages.flatMap(Self.languagesJSON)))
            } + [
                SQLStatement(
                    RelationStatements.advance, .text(orNull: next), .int(account), .text(kind.walkedAs.rawValue),
                    .int(walk.walk), .bool(readable))
            ]
        @Sendable func storing(from index: Int, new: Int) -> TransactionPlan<Int?> {
            guard index < distinct.count else { return .executing(advance, giving: new) }
            let entry = distinct[index]
            let arguments: [SQLArgument] = [
                .int(account), .text(kind.rawValue), .text(entry.target), .text(orNull: entry.targetID),
                .text(orNull: entry.url), .text(entry.displayName), entry.raw.map { .bytes($0) } ?? .null,
                .text(stamp), .int(walk.walk), .text(entry.list), .text(orNull: entry.note),
            ]
            return .statement(SQLStatement(RelationStatements.insert, arguments: arguments)) { inserted in
                guard inserted.isEmpty else { return storing(from: index + 1, new: new + 1) }
                return .statement(SQLStatement(RelationStatements.seenAgain, arguments: arguments)) { _ in
                    storing(from: index + 1, new: new)
                }
            }
        }
        let underWay = SQLStatement(
            RelationStatements.underWay(executor.dialect), .int(account), .text(kind.walkedAs.rawValue),
            .int(walk.walk))
        return try await executor.run(
            .fetch(underWay, { _ in true }) { held in held.isEmpty ? .done(nil) : storing(from: 0, new: 0) })
    }

    /// Finishes a walk: when it read every entry, the relations it did not see end now (for a walk of
    /// lists, the members of its lists too). Gives how many ended.
    @discardableResult
    public func finishRelationWalk(
        account: Int64, kind: RelationKind, walk: RelationWalk, now: Date = Date()
    ) async throws(ArchiveError) -> Int {
        let arguments: [SQLArgument] = [
            .int(account), .text(kind.rawValue), .int(walk.walk), .text(Timestamp.string(now)),
        ]
        let finish = SQLStatement(RelationStatements.finish, arguments: arguments)
        let ends = kind.endedByItsWalk.map { ended in
            var each = arguments
            each[1] = .text(ended.rawValue)
            return SQLStatement(RelationStatements.end, arguments: each)
        }
        @Sendable func ending(from index: Int, count: Int) -> TransactionPlan<Int> {
            guard index < ends.count else { return .executing([finish], giving: count) }
            return .statement(ends[index]) { ending(from: index + 1, count: count + $0.count) }
        }
        return try await executor.run(
            .fetch(SQLStatement(RelationStatements.complete(executor.dialect), arguments: Array(arguments.prefix(3)))) {
                try $0.integer("complete") != 0
            } then: { complete in
                complete.first == true ? ending(from: 0, count: 0) : .executing([finish], giving: 0)
            })
    }

    /// The relations of `kind` of the archiving account with this handle (compared without case), ended
    /// ones too when `includeEnded`; nil when none of the archive's accounts has it: the ledger holds
    /// the relations of the archive's own accounts only.
    public func relations(
        ofHandle handle: String, kind: RelationKind, includeEnded: Bool
    ) async throws(ArchiveError) -> [ArchivedRelation]? {
        guard let account = try await ownAccount(handle) else { return nil }
        return try await relations(of: account.id, kind: kind, includeEnded: includeEnded)
    }

    /// The archive's own account with this handle (compared without case), if any.
    public func ownAccount(_ handle: String) async throws(ArchiveError) -> ArchivingAccount? {
        try await accounts().first { $0.handle.caseInsensitiveCompare(handle) == .orderedSame }
    }

    /// Whether a walk of `kind` for `account` ever read its last page: until then the ledger cannot say
    /// the account has none.
    public func hasWalkedRelations(of account: Int64, kind: RelationKind) async throws(ArchiveError) -> Bool {
        try await executor.fetchFirst(
            SQLStatement(RelationStatements.walked, .int(account), .text(kind.rawValue)), { _ in true }) ?? false
    }

    /// The relations of `kind` of `account` (every account's when nil), by account and target; the ended
    /// ones too when `includeEnded`.
    public func relations(
        of account: Int64?, kind: RelationKind, includeEnded: Bool
    ) async throws(ArchiveError) -> [ArchivedRelation] {
        try await executor.fetch(
            SQLStatement(RelationStatements.list, .int(orNull: account), .text(kind.rawValue), .bool(includeEnded))
        ) { row in try Self.relation(row, kind: kind) }
    }

    /// How many relations of each kind the ledger keeps for every account, holding and ended, by kind.
    public func relationCounts() async throws(ArchiveError) -> [RelationCount] {
        try await executor.fetch(SQLStatement(RelationStatements.counts)) { row in
            RelationCount(
                kind: try row.text("kind"), holding: Int(try row.integer("holding")),
                ended: Int(try row.integer("ended")))
        }
    }

    /// A row of ``RelationStatements/list`` as a listing shows it.
    static func relation(_ row: any ColumnReading, kind: RelationKind) throws -> ArchivedRelation {
        var relation = ArchivedRelation(
            account: try row.text("account"), kind: RelationKind(rawValue: try row.text("kind")) ?? kind,
            acct: try row.text("target"), url: try row.optionalText("url"),
            displayName: try row.text("display_name"), since: try row.text("first_seen_at"),
            lastSeenAt: try row.text("last_seen_at"), endedAt: try row.optionalText("ended_at"))
        relation.list = try row.text("list_id")
        relation.note = try row.optionalText("note")
        relation.settings = try followSettings(row)
        return relation
    }

    /// A follow's settings in a row of the ledger; nil until asked (and for the other kinds).
    static func followSettings(_ row: any ColumnReading) throws -> FollowSettings? {
        guard let reblogs = try row.optionalInteger("showing_reblogs"),
            let notifying = try row.optionalInteger("notifying")
        else { return nil }
        let languages = try row.optionalText("languages").flatMap {
            try? JSONDecoder().decode([String].self, from: Data($0.utf8))
        }
        return FollowSettings(showingReblogs: reblogs != 0, notifying: notifying != 0, languages: languages)
    }

    /// Languages as the ledger keeps them: a JSON array of codes.
    static func languagesJSON(_ languages: [String]) -> String? {
        (try? JSONEncoder().encode(languages)).map { String(decoding: $0, as: UTF8.self) }
    }
}
