import Foundation

/// Hands batches from a reading thread to the thread that stores them, at most `capacity` waiting (so
/// memory stays bounded): reading outbox.json and decoding its activities runs beside storing the
/// batches before them, rather than in turn with it.
///
/// `@unchecked Sendable`: every field is read and written under `condition` only.
final class BatchHandover<Batch>: @unchecked Sendable {
    enum Item {
        case batch(Batch)
        case finished
        case failed(any Error)
    }

    private let condition = NSCondition()
    private let capacity: Int
    private var waiting: [Item] = []
    private var abandoned = false
    private var readersLeft: Int
    private var readerDone: Bool { readersLeft == 0 }

    /// `readers`: how many threads put items (each says `readerFinished` once).
    init(capacity: Int, readers: Int = 1) {
        self.capacity = capacity
        readersLeft = readers
    }

    /// The reader: hands over an item, waiting while `capacity` are waiting; `false` when the storer
    /// gave up (the reader stops).
    func put(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        waiting.append(item)
        condition.broadcast()
        return true
    }

    /// The storer: the next item, waiting for it.
    func take() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty { condition.wait() }
        let item = waiting.removeFirst()
        condition.broadcast()
        return item
    }

    /// The storer: every item waiting now, without waiting for more.
    func takeWaiting() -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        let items = waiting
        waiting.removeAll()
        condition.broadcast()
        return items
    }

    /// Whether the storer gave up: a reader in the middle of a long item stops there.
    var isAbandoned: Bool {
        condition.lock()
        defer { condition.unlock() }
        return abandoned
    }

    /// A reader, when it has stopped for good (whatever the reason).
    func readerFinished() {
        condition.lock()
        readersLeft -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The storer, when it stops before the end: the readers are told to stop, and this returns once they
    /// have (none outlives the storer, which owns what they read).
    func abandonAndWait() {
        condition.lock()
        abandoned = true
        waiting.removeAll()
        condition.broadcast()
        while !readerDone { condition.wait() }
        condition.unlock()
    }

    /// The storer, after `.finished` or `.failed`: returns once the readers have stopped.
    func waitForReader() {
        condition.lock()
        while !readerDone { condition.wait() }
        condition.unlock()
    }
}
