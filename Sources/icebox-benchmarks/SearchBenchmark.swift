import Archive
import ArgumentParser
import Foundation
import GRDB
import Logging
import Models
import SearchQuery

/// Search latency over a large archive: each query through Icebox beside the bare FTS5 MATCH of the
/// same terms, in the same run.
struct SearchBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search latency (p50/p95/p99) beside bare FTS5 MATCH.")

    @Option(help: "Statuses in the generated archive.") var statuses = 1_000_000
    @Option(help: "Where to keep the generated archive (reused when it exists).") var archive: String?
    @Option(help: "Runs per query.") var runs = 40

    func run() async throws {
        let logger = Logger(label: "bench")
        let path = URL(fileURLWithPath: archive ?? FileManager.default.temporaryDirectory
            .appending(path: "icebox-search-bench-\(statuses).sqlite").path)
        if !FileManager.default.fileExists(atPath: path.path) {
            print("generating \(statuses) statuses…")
            let clock = ContinuousClock()
            let started = clock.now
            try await SyntheticArchive(path: path, count: statuses).build(logger: logger)
            let elapsed = clock.now - started
            let size = (try FileManager.default.attributesOfItem(atPath: path.path)[.size] as? NSNumber)?.intValue ?? 0
            print(String(format: "built in %.1f s; %d MiB, %d bytes per status", elapsed.seconds, size >> 20, size / statuses))
        }
        let database = try ArchiveDatabase(path: path, logger: logger)
        let bare = try DatabaseQueue(path: path.path)
        let day = MastodonDate.format(MastodonClock.start.addingTimeInterval(Double(statuses) * 94.6 / 2)).prefix(10)
        let cases: [(String, [String], String, Bool)] = [
            // name, Icebox queries (rotated), bare MATCH expressions (same terms), count?
            ("common word", ["the", "and", "to", "of", "you"], "statuses_fts", false),
            ("rare word", ["word3977", "word3911", "word3850", "word3733", "word3999"], "statuses_fts", false),
            ("phrase", [#""just so""#, #""good new""#, #""people now""#, #""one can""#, #""all about""#], "statuses_fts", false),
            ("2 words from: after:", ["time work from:@user3 after:\(day)", "day love from:@user7 after:\(day)"], "statuses_fts", false),
            ("CJK substring", ["東京", "京都", "天気", "ラーメン", "週末"], "statuses_cjk", false),
            ("--count common word", ["the", "and", "to"], "statuses_fts", true),
        ]
        print("query                      icebox p50/p95/p99 (ms)     bare MATCH p50/p95/p99 (ms)")
        for (name, texts, table, isCount) in cases {
            var ours: [Double] = []
            var plain: [Double] = []
            // One unmeasured pass, so neither side pays for a cold page cache the other does not.
            for text in texts {
                let query = try SearchQuery(parsing: text)
                if isCount { _ = try await database.count(query) } else { _ = try await database.search(query, limit: 20) }
                let warm = Self.bareExpression(query, table: table)
                try await bare.read { db in _ = try Int64.fetchAll(db, sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ? LIMIT 20", arguments: [warm]) }
            }
            for run in 0..<runs {
                let query = try SearchQuery(parsing: texts[run % texts.count])
                let expression = Self.bareExpression(query, table: table)
                let clock = ContinuousClock()
                var started = clock.now
                if isCount { _ = try await database.count(query) } else { _ = try await database.search(query, limit: 20) }
                ours.append((clock.now - started).seconds * 1000)
                started = clock.now
                try await bare.read { db in
                    let sql = isCount
                        ? "SELECT COUNT(*) FROM \(table) WHERE \(table) MATCH ?"
                        : "SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rank LIMIT 20"
                    _ = try Int64.fetchAll(db, sql: sql, arguments: [expression])
                }
                plain.append((clock.now - started).seconds * 1000)
            }
            print(name.padding(toLength: 26, withPad: " ", startingAt: 0) + " " + Self.percentiles(ours)
                  + "        " + Self.percentiles(plain))
        }
        print("goal: word and phrase queries with --limit 20 at p95 under 20 ms and within 2x of the bare MATCH")
    }

    /// The same words as a plain MATCH expression (no filters, no joins).
    static func bareExpression(_ query: SearchQuery, table: String) -> String {
        let words = query.clauses.flatMap(\.alternatives).map { text -> String in
            switch text {
            case .word(let word, _):
                table == "statuses_cjk" ? "\"" + NoSpaceScript.bigrams(Array(word)).joined(separator: " ") + "\"" : "\"\(word)\""
            case .phrase(let words): "\"" + words.joined(separator: " ") + "\""
            }
        }
        return words.joined(separator: " AND ")
    }

    static func percentiles(_ samples: [Double]) -> String {
        let sorted = samples.sorted()
        func at(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return String(format: "%7.2f %7.2f %7.2f", at(0.5), at(0.95), at(0.99))
    }
}
