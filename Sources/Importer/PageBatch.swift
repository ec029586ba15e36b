import ArchiveCore
import Foundation

/// Fetched pages waiting to be stored together (in one transaction on SQLite), bounded in the bytes
/// they hold and in how long the oldest has waited.
struct PageBatch: Sendable {
    /// The pages, in the order they were fetched and are stored.
    private(set) var pages: [FetchedPage] = []
    /// How many entries the server sent for each page (see `Page.served`).
    private(set) var served: [Int] = []
    /// The raw JSON the pages hold.
    private(set) var bytes = 0
    /// When the oldest page arrived.
    private var since: ContinuousClock.Instant?

    var isEmpty: Bool { pages.isEmpty }

    mutating func add(_ page: FetchedPage, served count: Int) {
        if pages.isEmpty { since = .now }
        pages.append(page)
        served.append(count)
        bytes += page.rawBytes
    }

    /// When the oldest page will have waited `interval`; `nil` when there is none.
    func deadline(after interval: Duration) -> ContinuousClock.Instant? {
        since.map { $0 + interval }
    }

    /// Whether the batch holds `bytes` of JSON or more, or its oldest page has waited `interval`.
    func isDue(bytes limit: Int, after interval: Duration) -> Bool {
        guard let deadline = deadline(after: interval) else { return false }
        return bytes >= limit || ContinuousClock.now >= deadline
    }
}
