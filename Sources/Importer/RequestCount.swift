import Synchronization

/// The requests a timeline's run has sent, counted as each is sent: a page that fails after its
/// retries took requests too, and a page fetched ahead in the background counts as it goes.
final class RequestCount: Sendable {
    private let sent = Atomic<Int>(0)

    /// One more request sent.
    func add() {
        sent.add(1, ordering: .relaxed)
    }

    var value: Int { sent.load(ordering: .relaxed) }
}
