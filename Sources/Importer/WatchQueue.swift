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

    /// What the item costs the queue, in bytes: its payload and a fixed share for the entry.
    var cost: Int {
        switch kind {
        case .status(let raw): 64 + raw.count
        case .delete(let id): 64 + id.utf8.count
        }
    }
}

/// The bounded buffer between the streams and the writer, by count and by bytes: a push that finds it
/// full is refused (the stream is then dropped and a catch-up reads the rest), so neither a burst of
/// small events nor a few huge ones grow memory past it.
actor WatchQueue {
    private var items: [WatchItem] = []
    private var bytes = 0
    private var finished = false
    private var waiter: CheckedContinuation<Void, Never>?
    let capacity: Int
    let maxBytes: Int

    init(capacity: Int, maxBytes: Int) {
        self.capacity = capacity
        self.maxBytes = maxBytes
    }

    /// Adds an item; false when the buffer is full (one item alone is always taken: its size is bounded
    /// by the stream parser's event limit).
    func push(_ item: WatchItem) -> Bool {
        guard items.count < capacity, items.isEmpty || bytes + item.cost <= maxBytes else { return false }
        items.append(item)
        bytes += item.cost
        wake()
        return true
    }

    /// No more items will come; the writer drains what is left.
    func finish() {
        finished = true
        wake()
    }

    /// Up to `max` items and about `maxBytes` bytes (at least one item), waiting for the first; nil once
    /// finished and drained.
    func take(max: Int, maxBytes: Int) async -> [WatchItem]? {
        while items.isEmpty {
            if finished { return nil }
            await withCheckedContinuation { waiter = $0 }
        }
        var count = 0
        var taken = 0
        for item in items.prefix(max) {
            if count > 0, taken + item.cost > maxBytes { break }
            count += 1
            taken += item.cost
        }
        let batch = Array(items.prefix(count))
        items.removeFirst(count)
        bytes -= taken
        return batch
    }

    var count: Int { items.count }

    private func wake() {
        waiter?.resume()
        waiter = nil
    }
}
