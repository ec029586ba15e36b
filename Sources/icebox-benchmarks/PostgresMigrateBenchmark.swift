import Archive
import ArchiveCore
import ArchivePostgres
import ArgumentParser
import Foundation
import Logging

/// `icebox migrate`'s copy at scale: a generated SQLite archive → PostgreSQL → a new SQLite file, each
/// copy verified (row counts, every status's raw JSON SHA-256), with the time each way.
struct PostgresMigrateBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postgres-migrate",
        abstract: "Round-trip an archive SQLite → PostgreSQL → SQLite, verified, timed.")

    @Option(help: "An empty loopback PostgreSQL database (postgres://user@127.0.0.1:port/db?sslmode=disable).")
    var store: String
    @Option(help: "Statuses in the generated archive.") var statuses = 100_000

    func run() async throws {
        let logger = Logger(label: "bench")
        let folder = FileManager.default.temporaryDirectory.appending(path: "icebox-migrate-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = try PostgresLocation(url: store)
        guard location.host.hasPrefix("127.") || location.host == "localhost" else {
            throw ValidationError("benchmarks run on loopback only")
        }
        print("generating \(statuses) statuses…")
        let sourcePath = folder.appending(path: "source.sqlite")
        try await SyntheticArchive(path: sourcePath, count: statuses).build(logger: logger)
        let source = try ArchiveDatabase(path: sourcePath, logger: logger)
        let postgres = try await PostgresArchive(location, logger: logger)
        let forth = try await StoreCopy(from: source, to: postgres, batch: 2000, logger: logger).run()
        let back = try ArchiveDatabase(path: folder.appending(path: "back.sqlite"), logger: logger)
        let again = try await StoreCopy(from: postgres, to: back, batch: 2000, logger: logger).run()
        await postgres.close()
        print(
            """
            SQLite → PostgreSQL   \(String(format: "%6.1f", forth.seconds)) s, \(forth.statusesVerified) statuses verified (raw JSON SHA-256)
            PostgreSQL → SQLite   \(String(format: "%6.1f", again.seconds)) s, \(again.statusesVerified) statuses verified
            tables                \(forth.tables.map { "\($0.name) \($0.rows)" }.joined(separator: ", "))
            same both ways        \(forth.tables == again.tables ? "yes" : "NO")
            """)
    }
}
