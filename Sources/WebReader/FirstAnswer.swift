import Synchronization

/// A continuation resumed once, with whichever answer comes first: the work's, or the one a limit
/// gives (a deadline's `nil`, a cancelled waiter's error). An answer given before the continuation is
/// there is kept for it; later answers are dropped.
final class FirstAnswer<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, Never>?
        var early: T?
        var done = false
        var after: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    /// Waits for the first answer; `start` runs once the continuation is in place (it starts the work
    /// and whatever else may answer).
    func wait(_ start: () -> Void) async -> T {
        await withCheckedContinuation { continuation in
            let early = state.withLock { state -> T? in
                if let early = state.early {
                    state.early = nil
                    return early
                }
                state.continuation = continuation
                return nil
            }
            if let early {
                continuation.resume(returning: early)
            } else {
                start()
            }
        }
    }

    /// Runs `action` once an answer has been given (at once if one has).
    func onAnswer(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.done { return true }
            state.after = action
            return false
        }
        if now { action() }
    }

    /// Gives `value` unless an answer came first; whether it was the first.
    @discardableResult func give(_ value: T) -> Bool {
        let taken = state.withLock { state -> (CheckedContinuation<T, Never>?, (@Sendable () -> Void)?)? in
            guard !state.done else { return nil }
            state.done = true
            guard let continuation = state.continuation else {
                state.early = value
                return (nil, state.after)
            }
            state.continuation = nil
            return (continuation, state.after)
        }
        guard let (continuation, after) = taken else { return false }
        continuation?.resume(returning: value)
        after?()
        return true
    }
}
