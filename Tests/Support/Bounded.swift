import Models

/// Waits for `body` at most `limit`, without waiting for it after that: a test of something that must
/// end (a cancelled request, a cancelled lock wait) gets `nil` and fails, instead of hanging the
/// whole run when it does not. Not a timing assertion: the limit is far above the expected time.
public func outcome<T: Sendable>(within limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    let shot = OneShot<T?>()
    Task { shot.fulfil(await body()) }
    let timer = Task {
        try? await Task.sleep(for: limit)
        shot.fulfil(nil)
    }
    let value = await shot.value()
    timer.cancel()
    return value
}

/// Polls `condition` every 50 ms until it holds; throws after `seconds`.
public func waitUntil(seconds: Double, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw ConditionTimedOut(seconds: seconds) }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// A condition that did not hold in time.
public struct ConditionTimedOut: Error, CustomStringConvertible {
    public var seconds: Double
    public var description: String { "the condition did not hold within \(seconds) s" }
}
