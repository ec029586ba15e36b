import ArchiveCore
import ArchivePostgres
import Foundation
import Logging
import Models
import Testing

/// Workers that read the same posts from different servers (as federation makes them) store them in
/// the same moments, in different orders. PostgreSQL may abort one of two such transactions as a
/// deadlock; the store runs it again, and no page fails for its timing.
@Suite struct ConcurrentPagesTests {
    /// A post by one of ten authors, with an attachment and an edit so that every table a page writes
    /// is written.
    static func post(_ number: Int) throws -> ArchivableStatus {
        let author = "a\(number % 10)"
        let json = """
            {"id":"\(number)","uri":"https://origin.example/users/\(author)/statuses/\(number)",
             "url":"https://origin.example/@\(author)/\(number)","created_at":"2026-01-01T00:\(String(format: "%02d:%02d", number / 60 % 60, number % 60)).000Z",
             "edited_at":"2026-01-02T00:00:00.000Z","content":"<p>shared words \(number)</p>","spoiler_text":"",
             "visibility":"public","sensitive":false,
             "account":{"id":"\(author)","username":"\(author)","acct":"\(author)@origin.example","display_name":"\(author)",
                        "url":"https://origin.example/@\(author)","note":"bio of \(number)"},
             "media_attachments":[{"id":"m\(number)","type":"image","url":"https://origin.example/m\(number).png","description":"alt"}],
             "mentions":[],"tags":[],"emojis":[]}
            """
        return try ArchivableStatus(decoding: Data(json.utf8))
    }

    @Test func workersStoringTheSamePostsInOtherOrdersAllSucceed() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        let logger = Logger(label: "concurrent")
        let posts = try (0..<240).map(Self.post)
        var stores: [PostgresArchive] = []
        for _ in 0..<4 { stores.append(try await PostgresArchive(location, logger: logger)) }
        var timelines: [Int64] = []
        for worker in 0..<4 {
            timelines.append(
                try await stores[0].addTimeline(
                    spec: "remote:s\(worker).example", accountID: nil,
                    server: "https://s\(worker).example"
                ).id)
        }
        // Each worker stores all posts in pages of 40, in its own order, as if read from its own server.
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                let store = stores[worker]
                let timeline = timelines[worker]
                var generator = SeededGenerator(seed: UInt64(worker + 1))
                let order = posts.shuffled(using: &generator)
                group.addTask {
                    var failures: [String] = []
                    for start in stride(from: 0, to: order.count, by: 40) {
                        do {
                            _ = try await store.store(
                                Array(order[start..<start + 40]), server: "s\(worker).example",
                                timelineID: timeline, cursor: .init())
                        } catch {
                            failures.append("worker \(worker), page \(start / 40): \(error)")
                        }
                    }
                    return failures
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty, "\(failures)")
        let stats = try await stores[0].stats()
        #expect(stats.statuses == posts.count)
        #expect(try await stores[0].unreadableStatuses().isEmpty, "no post kept unreadable for its timing")
        for store in stores { await store.close() }
        try? await cluster.dropDatabase(location.database)
    }
}

/// A small deterministic generator (SplitMix64), so each worker's order is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
