import ArchiveCore
import Foundation

/// The totals pages show (a search's, a timeline's, an account's), kept per question while the store
/// has not changed: paging through a search, or asking it again, counts once. Each total is kept with
/// the store's change token read before it was counted, and given back only while the store still
/// gives that token; a store that cannot give one (`nil`) is counted every time. Concurrent first
/// requests for the same total wait for one count (``SingleFlight``), and an exact total, once counted
/// (`count=all`), answers the bounded question too.
actor CountCache {
    /// What a page asks to be counted: its kind and words (`search:…`, `timeline:…`), the consent, and
    /// how far it was counted (`nil`: exactly; a bounded total is no answer to an exact question).
    struct Key: Hashable, Sendable {
        var question: String
        var consent: ConsentPolicy
        var bound: Int?
    }

    /// Counts and the bound they were counted with (`nil`: exact).
    struct Counted: Sendable {
        var counts: [Int]
        var bound: Int?
    }

    private struct Entry {
        var token: String
        var counts: [Int]
    }

    private struct Flight: Hashable, Sendable {
        var key: Key
        var token: String?
    }

    private var entries: [Key: Entry] = [:]
    /// Totals kept at most; when full, the oldest half goes.
    private let capacity: Int
    private var order: [Key] = []
    /// A page that ran out of time stops waiting for its count, and a count no page waits for is
    /// cancelled: on a store that stopped answering it would wait without end.
    private let flights = SingleFlight<Flight, [Int]>(cancelled: .stopWaiting)

    init(capacity: Int = 512) { self.capacity = capacity }

    /// The counts `count` gives for `key`, from the cache when `token` is still the one they were
    /// counted under (the exact ones when kept), else counted once however many ask at the same time.
    func counts(
        _ key: Key, token: String?, count: @escaping @Sendable () async throws -> [Int]
    ) async throws -> Counted {
        if let token {
            var exact = key
            exact.bound = nil
            if let entry = entries[exact], entry.token == token { return Counted(counts: entry.counts, bound: nil) }
            if let entry = entries[key], entry.token == token { return Counted(counts: entry.counts, bound: key.bound) }
        }
        let counts = try await flights.run(Flight(key: key, token: token), count)
        if let token { keep(counts, for: key, token: token) }
        return Counted(counts: counts, bound: key.bound)
    }

    private func keep(_ counts: [Int], for key: Key, token: String) {
        if entries[key] == nil { order.append(key) }
        entries[key] = Entry(token: token, counts: counts)
        if order.count > capacity {
            for old in order.prefix(capacity / 2) { entries[old] = nil }
            order.removeFirst(capacity / 2)
        }
    }
}
