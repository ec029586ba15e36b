import Archive
import ArchiveCore
import ArgumentParser
import Foundation
import GRDB
import Logging
import Models

/// What reading search hits costs as the SQLite store reads them (through `RowDecoder`, from the rows as
/// the statement steps) beside the reader it had before, the baseline (`Row.fetchAll`, then GRDB's
/// subscripts one cell at a time), for the same rows in one run. Fetching is counted in both.
struct RowDecodingBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rows", abstract: "Search hits decoded from rows beside the hand reader they replaced.")

    @Option(help: "Statuses in the generated archive (each read as a hit).") var statuses = 100_000
    @Option(help: "Where to keep the generated archive (reused when it exists).") var archive: String?
    @Option(help: "Runs of each reader (the median is printed).") var runs = 9

    func run() async throws {
        let path = try await SyntheticArchive.prepared(
            archive, statuses: statuses, name: "icebox-rows-bench", logger: Logger(label: "bench"))
        let queue = try DatabaseQueue(path: path.path)
        let sql = SearchHit.columns + ", NULL AS rank FROM statuses s"
        var decoded: [SearchHit] = []
        var byHand: [SearchHit] = []
        let decoder = try Self.median(runs) {
            decoded = try queue.read { db in
                try ArchiveDatabase.decodedRows(SearchHit.self, db.cachedStatement(sql: sql))
            }
        }
        let hand = try Self.median(runs) {
            byHand = try queue.read { db in try Row.fetchAll(db.cachedStatement(sql: sql)).map(Self.handRead) }
        }
        // The hand reader on stepped rows too: what a hand reader could cost at best.
        var steppedByHand: [SearchHit] = []
        let handStepped = try Self.median(runs) {
            steppedByHand = try queue.read { db in
                try Array(Row.fetchCursor(db.cachedStatement(sql: sql)).map(Self.handRead))
            }
        }
        guard decoded == byHand, decoded == steppedByHand else { throw ValidationError("the readers disagree") }
        print("rows read                 \(decoded.count)")
        let readers = [
            ("RowDecoder, stepped rows", decoder), ("by hand, copied rows", hand),
            ("by hand, stepped rows", handStepped),
        ]
        for (name, seconds) in readers {
            let perRow = seconds * 1e9 / Double(max(decoded.count, 1))
            let label = name.padding(toLength: 26, withPad: " ", startingAt: 0)
            print(label + String(format: "%.1f ms (%.0f ns a row)", seconds * 1e3, perRow))
        }
    }

    /// The hand reader the stores had: one subscript per cell.
    static func handRead(_ row: Row) -> SearchHit {
        var hit = SearchHit(
            number: row["id"], uri: row["uri"], url: row["url"], id: row["local_id"], acct: row["author_handle"],
            authorName: row["author_name"], createdAt: row["created_at"], text: row["text"],
            spoilerText: row["spoiler_text"], altText: row["alt_text"], language: row["language"], rank: row["rank"],
            timelines: [])
        hit.goneAt = row["gone_at"]
        return hit
    }

    /// The median wall time of `runs` runs of `body`, in seconds.
    static func median(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let started = clock.now
            try body()
            times.append((clock.now - started).seconds)
        }
        return times.sorted()[times.count / 2]
    }
}
