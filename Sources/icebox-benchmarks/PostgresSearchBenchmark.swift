import Archive
import ArchiveCore
import ArchivePostgres
import ArgumentParser
import Foundation
import Logging
import Models
import SearchQuery

/// Search latency on PostgreSQL beside the SQLite archive of the same statuses, in the same run: the
/// generated SQLite archive is copied into the PostgreSQL database (`icebox migrate`'s copy) once, then
/// each query runs on both stores in turn.
struct PostgresSearchBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postgres-search", abstract: "Search latency on PostgreSQL beside SQLite, same statuses, same run."
    )

    @Option(
        help:
            "An empty loopback PostgreSQL database, filled on the first run and reused after (postgres://user@127.0.0.1:port/db?sslmode=disable)."
    )
    var store: String
    @Option(help: "Statuses in the generated archive.") var statuses = 1_000_000
    @Option(help: "Where to keep the generated SQLite archive (reused when it exists).") var archive: String?
    @Option(help: "Runs per query.") var runs = 40

    func run() async throws {
        let logger = Logger(label: "bench")
        let path = try await SyntheticArchive.prepared(
            archive, statuses: statuses, name: "icebox-search-bench", logger: logger)
        let sqlite = try ArchiveDatabase(path: path, logger: logger)
        let postgres = try await BenchmarkPostgres.filled(store, from: sqlite, logger: logger)
        print("load average before: \(SearchBenchmark.loadAverage())")
        let middle = MastodonClock.start.addingTimeInterval(Double(statuses) * 94.6 / 2)
        let day = MastodonDate.format(middle).prefix(10)
        let cases: [(String, [String])] = [
            ("common word", ["the", "and", "to", "of", "you"]),
            ("rare word", ["word3977", "word3911", "word3850", "word3733", "word3999"]),
            ("phrase", [#""just so""#, #""good new""#, #""people now""#, #""one can""#, #""all about""#]),
            ("2 words from: after:", ["time work from:@user3 after:\(day)", "day love from:@user7 after:\(day)"]),
            ("CJK substring", ["東京", "京都", "天気", "ラーメン", "週末"]),
            ("-is:reply has:media", ["-is:reply has:media", "has:poll -is:sensitive"]),
        ]
        print(
            "query                      PostgreSQL p50/p95/p99 ms    SQLite p50/p95/p99 ms (same statuses, newest first, 20)"
        )
        for (name, texts) in cases {
            var onPostgres: [Double] = []
            var onSQLite: [Double] = []
            for run in -texts.count..<runs {
                let query = try SearchQuery(parsing: texts[(run + texts.count) % texts.count])
                let postgresTime = try await SearchBenchmark.time { _ = try await postgres.search(query, limit: 20) }
                let sqliteTime = try await SearchBenchmark.time { _ = try await sqlite.search(query, limit: 20) }
                if run >= 0 {
                    onPostgres.append(postgresTime)
                    onSQLite.append(sqliteTime)
                }
            }
            print(
                name.padding(toLength: 26, withPad: " ", startingAt: 0) + " " + SearchBenchmark.percentiles(onPostgres)
                    + "      " + SearchBenchmark.percentiles(onSQLite))
        }
        print("load average after: \(SearchBenchmark.loadAverage())")
        print("goal: every query under 50 ms at p95 on PostgreSQL")
        await postgres.close()
    }
}
