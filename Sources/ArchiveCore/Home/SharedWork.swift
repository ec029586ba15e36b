import Foundation

/// What a worker saw of a server's rate budget for one client (a token, or the anonymous client).
public struct SavedBudget: Sendable, Hashable {
    public var limit: Int?
    public var remaining: Int?
    public var reset: Date?

    public init(limit: Int?, remaining: Int?, reset: Date?) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
    }
}

/// A budget as a shared store keeps it: whose it is, and what the last worker saw.
public struct KeptBudget: Sendable, Hashable {
    /// The server's host, as the timelines' server.
    public var server: String
    /// The account's id in the store (`ArchivingAccount.id`), or `anonymous`.
    public var client: String
    public var budget: SavedBudget

    public init(server: String, client: String, budget: SavedBudget) {
        self.server = server
        self.client = client
        self.budget = budget
    }
}

/// How workers on one shared store divide the work (`icebox sync --loop` on many machines): a server's
/// timelines are synced by one worker at a time, under a lease that expires unless renewed, and each
/// server's rate budget is kept in the store so the next worker starts from it.
///
/// A store one process uses at a time (SQLite, under the sync lock) does not implement it.
public protocol SharedWork: Sendable {
    /// Begins a worker's pass over its servers: the pass claims no server another worker finished after
    /// this moment (that work was just done, and doing it again spends the server's rate budget twice).
    func beginRound() async throws(ArchiveError) -> WorkRound
    /// Claims one of `servers` that no live lease holds and no worker finished since `round` began (the
    /// least recently done first), for `duration`; `nil` when there is none.
    func claimServer(
        among servers: [String], holder: String, for duration: Duration,
        round: WorkRound
    ) async throws(ArchiveError) -> String?
    /// Extends a lease this worker holds; false when it was lost (expired and claimed by another).
    func renewLease(server: String, holder: String, for duration: Duration) async throws(ArchiveError) -> Bool
    /// Gives a server back, noting that its timelines were done now.
    func releaseLease(server: String, holder: String) async throws(ArchiveError)
    /// The budget the last worker saw for `client` on `server`.
    func savedBudget(server: String, client: String) async throws(ArchiveError) -> SavedBudget?
    /// Every budget kept, by server and client (`icebox serve`'s `/metrics`).
    func savedBudgets() async throws(ArchiveError) -> [KeptBudget]
    /// Keeps what this worker sees of a budget (after every response, so a worker that dies leaves it current).
    func saveBudget(_ budget: SavedBudget, server: String, client: String) async throws(ArchiveError)
    /// Waits until a timeline is pinned somewhere, or `timeout` passes.
    func waitForWork(timeout: Duration) async
}

/// When a worker's pass over its servers began, on the store's clock (machines' own clocks differ), in
/// microseconds since 1970.
public struct WorkRound: Sendable, Hashable {
    public var began: Int64

    public init(began: Int64) {
        self.began = began
    }
}

/// A worker's lease on a server (see `SharedWork`), checked when each page commits: a worker that
/// stalled past its lease (and whose server another worker took) writes nothing more.
public struct LeaseFence: Sendable, Hashable {
    /// The lease's key (the timelines' server).
    public var server: String
    public var holder: String

    public init(server: String, holder: String) {
        self.server = server
        self.holder = holder
    }
}
