import Archive
import ArchiveCore
import ArgumentParser
import Foundation
import GRDB
import Logging
import Models
import SearchQuery

/// Search latency over a large archive: each query through Icebox beside bare FTS5 MATCHes of the same
/// terms, in the same run: one in the same order with the same limit (newest first, 20), one ranked.
struct SearchBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search latency (p50/p95/p99) beside bare FTS5 MATCH.")

    @Option(help: "Statuses in the generated archive.") var statuses = 1_000_000
    @Option(help: "Where to keep the generated archive (reused when it exists).") var archive: String?
    @Option(help: "Runs per query.") var runs = 40
    @Flag(help: "Also print each query's own p50 and worst time.") var each = false
    @Option(help: "Run only the queries whose name contains this text.") var only: String?

    func run() async throws {
        let logger = Logger(label: "bench")
        let path = try await SyntheticArchive.prepared(
            archive, statuses: statuses, name: "icebox-search-bench-v2", logger: logger)
        let database = try ArchiveDatabase(path: path, logger: logger)
        let bare = try DatabaseQueue(path: path.path)
        try await Self.printSize(path, bare)
        print("load average before: \(Self.loadAverage())")
        let middle = MastodonClock.start.addingTimeInterval(Double(statuses) * 94.6 / 2)
        let day = MastodonDate.format(middle).prefix(10)
        guard let dayStart = SearchQuery.day(String(day)) else { throw ValidationError("no day for \(day)") }
        let afterKey = SortKey.floor(dayStart.addingTimeInterval(86_400))
        let cases: [BenchCase] = [
            .init("common word", ["the", "and", "to", "of", "you"]),
            .init("rare word", ["word3977", "word3911", "word3850", "word3733", "word3999"]),
            .init("phrase", [#""just so""#, #""good new""#, #""people now""#, #""one can""#, #""all about""#]),
            .init(
                "2 words from: after:", ["time work from:@user3 after:\(day)", "day love from:@user7 after:\(day)"],
                filtered: true),
            .init("CJK substring", ["東京", "京都", "天気", "ラーメン", "週末"], table: "statuses_cjk"),
            .init("--count common word", ["the", "and", "to"], count: true),
            .init(
                "#tag", ["#swift", "#caturday", "#SWIFT"],
                bareExpressions: [#"tag_names : "swift""#, #"tag_names : "caturday""#, #"tag_names : "swift""#]),
            .init(
                "word #tag", ["time #swift", "love #caturday"],
                bareExpressions: [#""time" AND tag_names : "swift""#, #""love" AND tag_names : "caturday""#]),
            .init(
                "word AND word NOT word", ["time AND work NOT love", "day AND good NOT the"],
                bareExpressions: [#""time" AND "work" NOT "love""#, #""day" AND "good" NOT "the""#]),
            .init(
                "word is:direct", ["the is:direct", "people is:direct"], bareCondition: " AND s.visibility = 'direct'"),
            .init(
                "word -is:public", ["today -is:public", "work -is:public"],
                bareCondition: " AND s.visibility != 'public'"),
            .init(
                "word is:bookmarked", ["the is:bookmarked", "good is:bookmarked"],
                bareCondition: " AND s.id IN (SELECT status_id FROM timeline_statuses WHERE timeline_id = 3)"),
        ]
        print("query                      icebox p50/p95/p99 ms     bare, same order+limit     bare, ranked")
        for bench in cases where only.map(bench.name.contains) ?? true {
            var samples = BenchSamples()
            for run in -bench.texts.count..<runs {
                // The first pass over the queries is not measured: no side pays for a cold cache alone.
                let text = bench.texts[(run + bench.texts.count) % bench.texts.count]
                let query = try SearchQuery(parsing: text)
                let index = (run + bench.texts.count) % bench.texts.count
                let expression = bench.bareExpressions?[index] ?? Self.bareExpression(query, table: bench.table)
                let filters: (sql: String, arguments: [any DatabaseValueConvertible]) =
                    bench.filtered ? Self.bareFilters(text, afterKey: afterKey) : (bench.bareCondition, [])
                let (table, isCount) = (bench.table, bench.count)
                let ours = try await Self.time {
                    if bench.count {
                        _ = try await database.count(query)
                    } else {
                        _ = try await database.search(query, limit: 20)
                    }
                }
                let sql =
                    isCount
                    ? StatsStatements.count(table, where: "\(table) MATCH ?")
                    : "SELECT f.rowid FROM \(table) f JOIN statuses s ON s.sort_key = f.rowid WHERE f.\(table) MATCH ?"
                        + filters.sql + " ORDER BY f.rowid DESC LIMIT 20"
                let values: [any DatabaseValueConvertible] = [expression] + filters.arguments
                let arguments: StatementArguments = StatementArguments(values)
                let newest = try await Self.time {
                    try await bare.read { db in _ = try Int64.fetchAll(db, sql: sql, arguments: arguments) }
                }
                var ranked: Double?
                if !bench.count {
                    ranked = try await Self.time {
                        try await bare.read { db in
                            _ = try Int64.fetchAll(
                                db, sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rank LIMIT 20",
                                arguments: [expression])
                        }
                    }
                }
                if run >= 0 { samples.add(text, ours: ours, newest: newest, ranked: ranked) }
            }
            print(
                bench.name.padding(toLength: 26, withPad: " ", startingAt: 0) + " " + Self.percentiles(samples.ours)
                    + "   " + Self.percentiles(samples.newest) + "   " + Self.percentiles(samples.ranked))
            if each {
                for text in bench.texts {
                    let mine = samples.byText[text] ?? []
                    print(
                        "    " + text.padding(toLength: 40, withPad: " ", startingAt: 0)
                            + String(format: "p50 %7.2f  worst %7.2f", mine.sorted()[mine.count / 2], mine.max() ?? 0))
                }
            }
        }
        print("load average after: \(Self.loadAverage())")
        print(
            "goal: every query with --limit 20 at p95 under 20 ms and within 2x of the bare MATCH, consent filter on"
                + " (\(try await database.optedOutAuthors().count) authors opted out)")
    }

    /// The filters of a "words from:@user after:day" query as plain SQL on the joined row: the author by
    /// LIKE, the day as a rowid range.
    static func bareFilters(_ text: String, afterKey: Int64) -> (sql: String, arguments: [any DatabaseValueConvertible])
    {
        let user = text.split(separator: "@")[1].split(separator: " ")[0]
        return (" AND s.author_handle LIKE ? AND f.rowid >= ?", ["\(user)@%", afterKey])
    }

    /// Milliseconds one call takes.
    static func time(_ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let started = clock.now
        try await body()
        return (clock.now - started).seconds * 1000
    }

    /// The file's size per status, and the full-text indexes' share of it.
    static func printSize(_ path: URL, _ queue: DatabaseQueue) async throws {
        let size = (try FileManager.default.attributesOfItem(atPath: path.path)[.size] as? NSNumber)?.intValue ?? 0
        let (count, index) = try await queue.read { db in
            (
                try Int.fetchOne(db, sql: StatsStatements.count("statuses")) ?? 1,
                try Int.fetchOne(
                    db,
                    sql:
                        "SELECT (SELECT SUM(length(block)) FROM statuses_fts_data) + (SELECT SUM(length(block)) FROM statuses_cjk_data)"
                ) ?? 0
            )
        }
        print(
            "archive: \(count) statuses, \(size >> 20) MiB, \(size / max(count, 1)) bytes per status"
                + " (full-text indexes: \(index / max(count, 1)))")
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(
            separator: " ")
    }

    /// The same words as a plain MATCH expression (no filters, no joins).
    static func bareExpression(_ query: SearchQuery, table: String) -> String {
        let words = query.clauses.flatMap(\.alternatives).map { text -> String in
            switch text {
            case .word(let word, _):
                table == "statuses_cjk"
                    ? "\"" + NoSpaceScript.bigrams(Array(word)).joined(separator: " ") + "\"" : "\"\(word)\""
            case .phrase(let words): "\"" + words.joined(separator: " ") + "\""
            }
        }
        return words.joined(separator: " AND ")
    }

    static func percentiles(_ samples: [Double]) -> String {
        guard !samples.isEmpty else {
            return String(repeating: " ", count: 10) + "-" + String(repeating: " ", count: 13)
        }
        let sorted = samples.sorted()
        func at(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return String(format: "%7.2f %7.2f %7.2f", at(0.5), at(0.95), at(0.99))
    }
}
