import Foundation

/// What a stream said that the archive keeps.
struct WatchItem: Sendable {
    enum Kind: Sendable {
        /// A status's JSON as sent (`update`, `status.update`).
        case status(Data)
        /// A status's id on the timeline's server (`delete`).
        case delete(String)
    }

    var timelineID: Int64
    var kind: Kind
    /// The stream was open before the last catch-up began: nothing between the stored cursor and this
    /// status is missing, so the cursor may move up to it.
    var continuous: Bool
}

/// The bounded buffer between the streams and the writer: a push that finds it full is refused (the
/// stream is then dropped and a catch-up reads the rest), so a burst never grows memory past it.
actor WatchQueue {
    private var items: [WatchItem] = []
    private var finished = false
    private var waiter: CheckedContinuation<Void, Never>?
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Adds an item; false when the buffer is full.
    func push(_ item: WatchItem) -> Bool {
        guard items.count < capacity else { return false }
        items.append(item)
        wake()
        return true
    }

    /// No more items will come; the writer drains what is left.
    func finish() {
        finished = true
        wake()
    }

    /// Up to `max` items, waiting for the first; nil once finished and drained.
    func take(max: Int) async -> [WatchItem]? {
        while items.isEmpty {
            if finished { return nil }
            await withCheckedContinuation { waiter = $0 }
        }
        let batch = Array(items.prefix(max))
        items.removeFirst(batch.count)
        return batch
    }

    var count: Int { items.count }

    private func wake() {
        waiter?.resume()
        waiter = nil
    }
}
