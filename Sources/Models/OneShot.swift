import Foundation

/// One value, delivered once, to one waiter that may come before or after it: neither order loses it.
///
/// For callbacks that end an `async` call (a libcurl callback, a NIO handler, a timer, a
/// cancellation handler) when any of them may fire first, even before the caller has started waiting.
/// A bare `CheckedContinuation` stored by the waiter loses a delivery that comes before it is stored,
/// and the waiter then hangs for good; the first delivery here wins and later ones are ignored.
public final class OneShot<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case delivered(Value)
    }

    private let lock = NSLock()
    private var state = State.empty

    public init() {}

    /// Delivers `value` unless a value was delivered before; whether this one was taken.
    @discardableResult
    public func fulfil(_ value: Value) -> Bool {
        let (taken, waiter): (Bool, CheckedContinuation<Value, Never>?) = lock.withLock {
            switch state {
            case .delivered:
                return (false, nil)
            case .empty:
                state = .delivered(value)
                return (true, nil)
            case .waiting(let continuation):
                state = .delivered(value)
                return (true, continuation)
            }
        }
        waiter?.resume(returning: value)
        return taken
    }

    /// The delivered value, waiting for it if it has not come yet. Only one caller may wait.
    public func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready: Value? = lock.withLock {
                switch state {
                case .delivered(let value):
                    return value
                case .empty:
                    state = .waiting(continuation)
                    return nil
                case .waiting:
                    preconditionFailure("OneShot: a second waiter")
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
