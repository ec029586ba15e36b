import Archive
import ArchiveCore
import ArgumentParser
import Foundation
import GRDB
import Logging
import MastodonTestServer
import Models

/// Imports N statuses from the loopback test server with the real `icebox` binary, and inserts the
/// same rows straight into a fresh archive with SQL (the storage limit), in the same run.
struct ImportBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Sync throughput and peak memory beside direct SQL inserts.")

    @Option(help: "Statuses the test server serves on the home timeline.")
    var statuses = 100_000

    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        let binary = icebox.url
        print("generating \(statuses) statuses on the loopback test server…")
        let server = try await TestServer.start(.homeBenchmark(statuses: statuses))
        // Render every page once so the measurement is Icebox's work, not the harness's first render.
        print("warming the server's render cache…")
        try await Measured.warmRenderCache(binary, on: server.baseURL)
        let home = FileManager.default.temporaryDirectory.appending(path: "icebox-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let arguments = ["--home", home.path]
        try await Measured.pinHome(binary, on: server.baseURL, arguments)
        let run = try await Measured.run(
            binary, ["sync", "--quiet", "--no-media", "--backfill-pages", "1000000"] + arguments)
        await server.stop()
        let sync = try run.succeeded("sync")

        let archivePath = home.appending(path: "archive.sqlite")
        let imported = try DatabaseQueue(path: archivePath.path)
        let rows = try await imported.read { db in try Int.fetchOne(db, sql: StatsStatements.count("statuses")) ?? 0 }
        let direct = try await Self.directInsert(from: archivePath, into: home.appending(path: "direct.sqlite"))
        let syncRate = Double(rows) / sync.seconds
        let directRate = Double(rows) / direct
        let size =
            (try? FileManager.default.attributesOfItem(atPath: archivePath.path)[.size] as? NSNumber)?.intValue ?? 0
        print(
            """
            statuses archived     \(rows) (incl. boosted posts)
            icebox sync           \(String(format: "%.2f", sync.seconds)) s, \(Int(syncRate)) statuses/s, peak RSS \(sync.peakRSSKiB / 1024) MiB
            direct SQL insert     \(String(format: "%.2f", direct)) s, \(Int(directRate)) statuses/s (same rows, pages of 40)
            sync / direct         \(String(format: "%.0f", 100 * syncRate / directRate)) %   (issue 30: at least 75 %; peak RSS at most 64 MiB)
            archive size          \(size / 1024 / 1024) MiB, \(rows > 0 ? size / rows : 0) bytes per status
            """)
    }

    /// Copies every status row into a fresh archive in transactions of 40 (a page), FTS triggers included,
    /// after the account objects they name.
    static func directInsert(from source: URL, into target: URL) async throws -> Double {
        let archive = try ArchiveDatabase(path: target, logger: Logger(label: "bench"))
        _ = try await archive.stats()
        let queue = try DatabaseQueue(path: target.path)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS imported", arguments: [source.path])
        }
        let ids = try await queue.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM imported.statuses ORDER BY id")
        }
        // Every stored column by name (`SELECT *` gives the generated ones too, statuses.content) that the
        // synced archive has: an archive synced by an earlier build (a baseline's) may lack a newer column.
        let columns = try await queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM pragma_table_xinfo('statuses') WHERE hidden = 0
                        AND name IN (SELECT name FROM pragma_table_xinfo('statuses', 'imported')) ORDER BY cid
                    """
            ).joined(separator: ", ")
        }
        let clock = ContinuousClock()
        let started = clock.now
        // The account objects and cards the rows name (schemas 0019 and 0035 keep each once), first: the
        // rows refer to them.
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO raw_accounts SELECT * FROM imported.raw_accounts")
            // (An archive synced by a build from before schema 0035 has no cards apart.)
            if try db.tableExists("raw_cards", in: "imported") {
                try db.execute(sql: "INSERT INTO raw_cards SELECT * FROM imported.raw_cards")
            }
        }
        for start in stride(from: 0, to: ids.count, by: 40) {
            let batch = ids[start..<min(start + 40, ids.count)]
            try await queue.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO statuses(\(columns)) SELECT \(columns) FROM imported.statuses WHERE id BETWEEN ? AND ?",
                    arguments: [batch.first, batch.last])
            }
        }
        let elapsed = clock.now - started
        return elapsed.seconds
    }
}
