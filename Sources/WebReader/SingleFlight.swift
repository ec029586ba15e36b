/// One piece of work per key at a time: callers that ask for a key while its work is under way wait
/// for that work's result instead of starting their own (60 first requests for one page's total count
/// it once). The work runs in a task of its own, so a caller that gives up does not cancel it for the
/// others.
///
/// What a cancelled caller does (its page ran out of ``Deadline``) is the flight's rule, `cancelled`.
actor SingleFlight<Key: Hashable & Sendable, Value: Sendable> {
    /// What a caller does once it is cancelled.
    enum WhenCancelled: Sendable {
        /// It stops waiting at once (`CancellationError`), and work no caller waits for any more is
        /// cancelled: a count on a store that stopped answering would wait for it without end, and each
        /// page that gave up would wait with it.
        case stopWaiting
        /// It waits for the work to end: work that ends of itself (hashing a local file, bounded by its
        /// size), and may use what the first caller holds open.
        case waitForTheWork
    }

    private struct Flight {
        let id: UInt64
        let task: Task<Value, any Error>
        var waiters: Int
    }

    private var running: [Key: Flight] = [:]
    private var nextID: UInt64 = 0
    private let cancelled: WhenCancelled

    init(cancelled: WhenCancelled) { self.cancelled = cancelled }

    /// The result of `work` for `key`: the one under way, or a new one.
    func run(_ key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let flight: Flight
        if var joined = running[key] {
            joined.waiters += 1
            flight = joined
        } else {
            nextID += 1
            let id = nextID
            let task = Task {
                do {
                    let value = try await work()
                    self.ended(key, id)
                    return value
                } catch {
                    self.ended(key, id)
                    throw error
                }
            }
            flight = Flight(id: id, task: task, waiters: 1)
        }
        running[key] = flight
        defer { leave(key, flight.id) }
        switch cancelled {
        case .waitForTheWork: return try await flight.task.value
        case .stopWaiting: return try await Self.value(of: flight.task)
        }
    }

    /// The task's value, or `CancellationError` once the waiting task is cancelled, whichever comes
    /// first; the task goes on either way (`Task.value` alone would wait for it to end).
    private static func value(of task: Task<Value, any Error>) async throws -> Value {
        let answer = FirstAnswer<Result<Value, any Error>>()
        return try await withTaskCancellationHandler {
            await answer.wait {
                Task { answer.give(await task.result) }
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
        .get()
    }

    /// A caller is done with the flight: the work is cancelled when it was the last one waiting and its
    /// rule says so (it has ended anyway when the caller had its value).
    private func leave(_ key: Key, _ id: UInt64) {
        guard var flight = running[key], flight.id == id else { return }
        flight.waiters -= 1
        guard flight.waiters == 0, cancelled == .stopWaiting else {
            running[key] = flight
            return
        }
        flight.task.cancel()
        running[key] = nil
    }

    private func ended(_ key: Key, _ id: UInt64) {
        if running[key]?.id == id { running[key] = nil }
    }
}
