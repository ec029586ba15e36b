import ArchiveCore
import ArchivePostgres
import ArgumentParser
import Foundation
import Logging
import MastodonTestServer
import PostgresNIO

/// Sync into PostgreSQL beside a direct batched insert and a COPY of the same rows, in the same run; then one, two
/// and four workers against eight rate-limited loopback servers.
struct PostgresImportBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postgres-import",
        abstract:
            "Sync into PostgreSQL beside batched INSERTs and COPY; 1, 2 and 4 workers against 8 rate-limited servers.")

    @Option(
        help:
            "A loopback PostgreSQL database whose user may create databases (postgres://user@127.0.0.1:port/db?sslmode=disable)."
    )
    var store: String
    @Option(help: "Statuses the test server serves on the home timeline.") var statuses = 50_000
    @Option(
        help:
            "Statuses each of the eight rate-limited servers holds; a fifth are on its local timeline (0: skip the workers part)."
    )
    var workerStatuses = 20_000

    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        let admin = try PostgresLocation(url: store)
        guard admin.host.hasPrefix("127.") || admin.host == "localhost" else {
            throw ValidationError("benchmarks run on loopback only")
        }
        let logger = Logger(label: "bench")
        let synced = try await Self.createDatabase(admin)
        let direct = try await Self.createDatabase(admin)
        defer {
            for name in [synced.database, direct.database] { Task { try? await Self.dropDatabase(name, admin) } }
        }
        print("generating \(statuses) statuses on the loopback test server…")
        let server = try await TestServer.start(.homeBenchmark(statuses: statuses))
        // As `import` does: the pages rendered once before the measured sync, which then costs the harness
        // only their sending (an unwarmed server took 2.4-2.8 s of the two cores' CPU during the sync).
        print("warming the server's render cache…")
        try await Measured.warmRenderCache(icebox.url, on: server.baseURL)
        let home = FileManager.default.temporaryDirectory.appending(path: "icebox-pg-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let arguments = ["--home", home.path, "--store", Self.url(synced)]
        try await Measured.pinHome(icebox.url, on: server.baseURL, arguments)
        let run = try await Measured.run(
            icebox.url, ["sync", "--quiet", "--no-media", "--backfill-pages", "1000000"] + arguments)
        await server.stop()
        let sync = try run.succeeded("sync")

        // The same rows, written straight into an empty database in transactions of 40 (a page).
        let source = try await PostgresArchive(synced, logger: logger)
        let target = try await PostgresArchive(direct, logger: logger)
        let columns = try await source.copiedColumns("statuses")
        let rows = try await source.readRows("statuses", columns: columns, offset: 0, limit: Int.max / 2)
        let clock = ContinuousClock()
        let started = clock.now
        for start in stride(from: 0, to: rows.count, by: 40) {
            try await target.writeRows(
                "statuses", columns: columns, rows: Array(rows[start..<min(start + 40, rows.count)]))
        }
        let directSeconds = (clock.now - started).seconds
        await source.close()
        await target.close()
        // The same rows again with COPY, into a third empty archive database.
        let copied = try await Self.createDatabase(admin)
        defer { Task { try? await Self.dropDatabase(copied.database, admin) } }
        await (try await PostgresArchive(copied, logger: logger)).close()
        let copySeconds = try CopyBaseline.seconds(table: "statuses", from: Self.url(synced), into: Self.url(copied))
        let syncRate = Double(rows.count) / sync.seconds
        let directRate = Double(rows.count) / directSeconds
        print(
            """
            statuses archived     \(rows.count) (incl. boosted posts)
            icebox sync           \(String(format: "%.2f", sync.seconds)) s, \(Int(syncRate)) statuses/s, peak RSS \(sync.peakRSSKiB / 1024) MiB
            direct batched insert \(String(format: "%.2f", directSeconds)) s, \(Int(directRate)) statuses/s (same rows and search vectors, pages of 40)
            COPY (binary, psql)   \(String(format: "%.2f", copySeconds)) s, \(Int(Double(rows.count) / copySeconds)) statuses/s (the same rows and search vectors)
            sync / direct         \(String(format: "%.0f", 100 * syncRate / directRate)) %
            sync / COPY           \(String(format: "%.0f", 100 * copySeconds / sync.seconds)) %   (goal: at least 50 %)
            """)
        if workerStatuses > 0 { try await workers(admin) }
    }

    /// One, two and four workers against eight servers, each with its own rate limit.
    private func workers(_ admin: PostgresLocation) async throws {
        print("workers   seconds   statuses/s   requests   over budget   (8 servers, \(workerStatuses) statuses each)")
        for count in [1, 2, 4] {
            var servers: [TestServer] = []
            for index in 0..<8 {
                // Each server its own corpus and domain, so their statuses are distinct (one seed would
                // give eight copies of the same uris, which the archive keeps once).
                var config = TestServerConfig()
                config.seed = UInt64(index + 1)
                config.domain = "server\(index).test"
                config.statusCount = workerStatuses
                config.rateLimit = RateLimit(limit: 30 + 10 * index, window: 5)
                servers.append(try await TestServer.start(config))
            }
            let location = try await Self.createDatabase(admin)
            let home = FileManager.default.temporaryDirectory.appending(path: "icebox-workers-\(UUID().uuidString)")
            let arguments = ["--home", home.path, "--store", Self.url(location)]
            for server in servers {
                _ = try await Measured.run(
                    icebox.url, ["timeline", "add", "remote:\(server.baseURL.absoluteString)"] + arguments)
            }
            let clock = ContinuousClock()
            let started = clock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<count {
                    group.addTask {
                        _ = try await Measured.run(
                            icebox.url,
                            [
                                "sync", "--quiet", "--no-media", "--backfill-pages", "1000000",
                                "--lease", "10",
                            ] + arguments)
                    }
                }
                try await group.waitForAll()
            }
            let seconds = (clock.now - started).seconds
            var over = 0
            var requests = 0
            for server in servers {
                let log = await server.requestLog()
                requests += log.count
                over += log.filter(\.overBudget).count
                await server.stop()
            }
            let store = try await PostgresArchive(location, logger: Logger(label: "bench"))
            let archived = try await store.rowCount("statuses")
            await store.close()
            try? await Self.dropDatabase(location.database, admin)
            try? FileManager.default.removeItem(at: home)
            print(
                "\(count)         \(String(format: "%7.1f", seconds))   \(String(format: "%10.0f", Double(archived) / seconds))   "
                    + "\(String(format: "%8d", requests))   \(over)   (\(archived) statuses)")
        }
    }

    static func url(_ location: PostgresLocation) -> String {
        "postgres://\(location.user)@\(location.host):\(location.port)/\(location.database)?sslmode=disable"
    }

    static func createDatabase(_ admin: PostgresLocation) async throws -> PostgresLocation {
        let name = "bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await Self.admin(admin) { connection, logger in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        var location = admin
        location.database = name
        return location
    }

    static func dropDatabase(_ name: String, _ admin: PostgresLocation) async throws {
        try await Self.admin(admin) { connection, logger in
            try await connection.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        }
    }

    private static func admin(
        _ location: PostgresLocation,
        _ body: @Sendable (PostgresConnection, Logger) async throws -> Void
    ) async throws {
        let logger = Logger(label: "bench-admin")
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: location.host, port: location.port, username: location.user,
                password: location.password, database: location.database, tls: .disable),
            id: 1, logger: logger)
        do { try await body(connection, logger) } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}
