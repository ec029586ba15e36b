import ArchiveCore
import Foundation

/// The totals pages show (a search's, a timeline's, an account's), kept per question while the store
/// has not changed: paging through a search, or asking it again, counts once. Each total is kept with
/// the store's change token read before it was counted, and given back only while the store still
/// gives that token; a store that cannot give one (`nil`) is counted every time.
actor CountCache {
    /// What a page asks to be counted: its kind and words (`search:…`, `timeline:…`), the consent, and
    /// how far it was counted (`nil`: exactly; a bounded total is no answer to an exact question).
    struct Key: Hashable, Sendable {
        var question: String
        var consent: ConsentPolicy
        var bound: Int?
    }

    private struct Entry {
        var token: String
        var counts: [Int]
    }

    private var entries: [Key: Entry] = [:]
    /// Totals kept at most; when full, the oldest half goes.
    private let capacity: Int
    private var order: [Key] = []

    init(capacity: Int = 512) { self.capacity = capacity }

    /// The counts `count` gives for `key`, from the cache when `token` is still the one they were
    /// counted under.
    func counts(
        _ key: Key, token: String?, count: @Sendable () async throws -> [Int]
    ) async throws -> [Int] {
        if let token, let entry = entries[key], entry.token == token { return entry.counts }
        let counts = try await count()
        guard let token else { return counts }
        if entries[key] == nil { order.append(key) }
        entries[key] = Entry(token: token, counts: counts)
        if order.count > capacity {
            for old in order.prefix(capacity / 2) { entries[old] = nil }
            order.removeFirst(capacity / 2)
        }
        return counts
    }
}
