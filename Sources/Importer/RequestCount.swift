import Synchronization

/// The requests a timeline's run has sent, counted as each is sent: a page that fails after its
/// retries took requests too, and a page fetched ahead in the background counts as it goes.
final class RequestCount: Sendable {
    private let sent = Atomic<Int>(0)

    /// One more request sent.
    func add() {
        sent.add(1, ordering: .relaxed)
    }

    /// A request counted that was not sent after all (its budget kept it back).
    func remove() {
        sent.subtract(1, ordering: .relaxed)
    }

    var value: Int { sent.load(ordering: .relaxed) }
}
