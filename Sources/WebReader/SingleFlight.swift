/// One piece of work per key at a time: callers that ask for a key while its work is under way wait
/// for that work's result instead of starting their own (60 first requests for one page's total count
/// it once). The work runs in a task of its own, so a caller that gives up does not cancel it for the
/// others.
actor SingleFlight<Key: Hashable & Sendable, Value: Sendable> {
    private var running: [Key: Task<Value, any Error>] = [:]

    /// The result of `work` for `key`: the one under way, or a new one.
    func run(_ key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let task = running[key] { return try await task.value }
        let task = Task { try await work() }
        running[key] = task
        defer { running[key] = nil }
        return try await task.value
    }
}
