import Foundation

/// Values computed from the corpus (timelines as id lists, rendered status JSON), kept until the
/// corpus changes: paging a 100k-status timeline must not filter the whole corpus or render every
/// status again for each page. Only used inside the server's actor; the lock keeps it sound anyway.
final class CorpusMemo<Value>: @unchecked Sendable {
    private var values: [String: Value] = [:]
    private let lock = NSLock()

    func value(_ key: String, compute: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let cached = values[key] { return cached }
        let value = compute()
        values[key] = value
        return value
    }

    func clear() {
        lock.lock()
        values.removeAll()
        lock.unlock()
    }
}
