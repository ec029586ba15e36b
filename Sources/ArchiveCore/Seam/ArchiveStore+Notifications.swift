import Foundation
import Models

/// Notifications kept whole (issue 44), written once over the store's ``StoreExecutor``: a page of a
/// `notifications` timeline keeps its notifications in the transaction of its statuses and cursors
/// (each driver's page store runs ``TransactionPlan/keepWhole(_:timelineID:dialect:)``), and they are
/// listed and counted here.
extension ArchiveStore {
    /// The notifications of `account` (every account's when nil) since `since` (all when nil), of
    /// `types` (every type when empty), newest first; only those at the positions of `page` when given.
    public func notifications(
        of account: Int64?, types: [String] = [], since: Date? = nil, page: Range<Int>? = nil
    ) async throws(ArchiveError) -> [ArchivedNotification] {
        var arguments = Self.notificationArguments(account, types, since)
        if let page { arguments += [.int(Int64(page.count)), .int(Int64(page.lowerBound))] }
        return try await executor.fetch(
            SQLStatement(
                NotificationStatements.list(executor.dialect, byType: !types.isEmpty, paged: page != nil),
                arguments: arguments)
        ) { row in try Self.notification(row) }
    }

    /// A row of ``NotificationStatements/list(_:byType:paged:)`` (and of the API's page of them).
    @Sendable static func notification(_ row: any ColumnReading) throws -> ArchivedNotification {
        ArchivedNotification(
            account: try row.text("account"), id: try row.text("notification_id"), type: try row.text("type"),
            createdAt: try row.optionalText("created_at"), acct: try row.optionalText("from_acct"),
            displayName: try row.text("from_name"), statusURI: try row.optionalText("status_uri"),
            statusURL: try row.optionalText("status_url"), raw: try row.bytes("raw_json"))
    }

    /// How many notifications `notifications(of:types:since:)` lists.
    public func notificationCount(
        of account: Int64?, types: [String] = [], since: Date? = nil
    ) async throws(ArchiveError) -> Int {
        let counts = try await executor.fetch(
            SQLStatement(
                NotificationStatements.count(executor.dialect, byType: !types.isEmpty),
                arguments: Self.notificationArguments(account, types, since))
        ) { row in Int(try row.integer("count")) }
        return counts.first ?? 0
    }

    /// Who favourited (`type` "favourite") or boosted ("reblog") status `number`, as the notifications
    /// of its author's account told it (`icebox timeline add notifications`) and as that account's server
    /// said when asked (`icebox config reactions on`, ``keepReactions(_:account:statusURI:type:now:)``),
    /// each account once, oldest first.
    public func reactions(to number: Int64, type: String) async throws(ArchiveError) -> [ArchivedBoost] {
        try await executor.fetch(SQLStatement(NotificationStatements.reactions, .int(number), .text(type))) {
            try $0.decoded(as: ArchivedBoost.self)
        }
    }

    /// Who boosted status `number`: its archived boosts, and the accounts the notifications say boosted
    /// it whose boost is not archived itself, oldest first.
    public func boostedBy(_ number: Int64) async throws(ArchiveError) -> [ArchivedBoost] {
        let archived = try await boosts(of: number)
        let handles = Set(archived.map { $0.handle.lowercased() })
        let told = try await reactions(to: number, type: "reblog").filter { !handles.contains($0.handle.lowercased()) }
        guard !told.isEmpty else { return archived }
        return (archived + told).sorted { ($0.createdAt, $0.handle) < ($1.createdAt, $1.handle) }
    }

    private static func notificationArguments(_ account: Int64?, _ types: [String], _ since: Date?) -> [SQLArgument] {
        var arguments: [SQLArgument] = [.int(orNull: account), .text(orNull: since.map(Timestamp.string))]
        if !types.isEmpty { arguments.append(.texts(types)) }
        return arguments
    }

    /// How many notifications of each type the archive keeps, by type.
    public func notificationCounts() async throws(ArchiveError) -> [NotificationCount] {
        try await executor.fetch(SQLStatement(NotificationStatements.counts)) { row in
            NotificationCount(type: try row.text("type"), count: Int(try row.integer("count")))
        }
    }
}

extension SQLStatement {
    /// The statements that keep a page's notifications for the account of timeline `timelineID` (see
    /// ``TransactionPlan/keepWhole(_:timelineID:dialect:)``), as `dialect`'s store keeps them; a notification
    /// seen again takes what its server sends now.
    static func keeping(
        _ notifications: [ArchivableNotification], timelineID: Int64, now: SQLArgument, dialect: any SQLDialect
    ) -> [SQLStatement] {
        notifications.flatMap { dialect.keepingNotification($0, timelineID: timelineID, now: now) }
    }
}
