import Synchronization

/// Work given a time limit: its result when it ends within the limit, else `nil` at the limit, the
/// work cancelled and left to end on its own (a query to a PostgreSQL server that stopped answering
/// may not notice). Unlike a task group, which waits for every child, the caller never waits past the
/// limit.
enum Deadline {
    static func run<T: Sendable>(within limit: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
        let gate = Gate<T>()
        return await withCheckedContinuation { continuation in
            gate.start(continuation)
            let worker = Task { gate.resume(await work()) }
            let timer = Task {
                try? await Task.sleep(for: limit)
                if gate.resume(nil) { worker.cancel() }
            }
            gate.onResume { timer.cancel() }
        }
    }

    /// Resumes its continuation once, with whichever comes first.
    private final class Gate<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T?, Never>?
            var done = false
            var after: (@Sendable () -> Void)?
        }
        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<T?, Never>) {
            state.withLock { $0.continuation = continuation }
        }

        /// Runs `action` once the gate has resumed (at once if it has).
        func onResume(_ action: @escaping @Sendable () -> Void) {
            let now = state.withLock { state -> Bool in
                if state.done { return true }
                state.after = action
                return false
            }
            if now { action() }
        }

        /// Resumes with `value` unless something came first; whether it did.
        @discardableResult func resume(_ value: T?) -> Bool {
            let taken = state.withLock { state -> (CheckedContinuation<T?, Never>, (@Sendable () -> Void)?)? in
                guard !state.done, let continuation = state.continuation else { return nil }
                state.done = true
                state.continuation = nil
                return (continuation, state.after)
            }
            guard let (continuation, after) = taken else { return false }
            continuation.resume(returning: value)
            after?()
            return true
        }
    }
}
