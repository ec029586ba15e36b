import Foundation

/// What a store's own check found (`icebox doctor`).
public struct StoreCheck: Sendable, Hashable {
    /// What was checked, for the message: "quick_check", "integrity_check", "search words and server ids".
    public var method: String
    /// The damage found; empty when the store is sound.
    public var problems: [String]

    public init(method: String, problems: [String]) {
        self.method = method
        self.problems = problems
    }
}

/// What `icebox doctor` asks any store, beside what every command reads: is it sound, is its schema this
/// binary's, what weakens it without being damage, and how fast its timelines fill.
public protocol StoreHealth: Sendable {
    /// The store's own check of its data (`full`: the thorough one, which reads everything).
    func healthCheck(full: Bool) async throws(ArchiveError) -> StoreCheck
    /// What is not damage but is worth an administrator's look: an index the store runs without, a lease
    /// a worker left behind. Empty when there is nothing to say.
    func healthWarnings() async throws(ArchiveError) -> [String]
    /// Which migrations the store has had.
    func schemaState() async throws(ArchiveError) -> SchemaState
    /// The `created_at` of the newest `limit` statuses of a timeline, newest first: how fast it fills.
    func recentCreationDates(timelineID: Int64, limit: Int) async throws(ArchiveError) -> [Date]
}

extension StoreHealth {
    /// Nothing to say: a store whose only findings are damage (``healthCheck(full:)``) says nothing here.
    public func healthWarnings() async throws(ArchiveError) -> [String] { [] }
}
