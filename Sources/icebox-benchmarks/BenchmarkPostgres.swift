import Archive
import ArchiveCore
import ArchivePostgres
import ArgumentParser
import Foundation
import Logging

/// The PostgreSQL database a benchmark measures: on loopback only, and filled with the generated SQLite
/// archive (`icebox migrate`'s copy) the first time; a database that already holds statuses is used as
/// it is.
enum BenchmarkPostgres {
    static func filled(_ url: String, from sqlite: ArchiveDatabase, logger: Logger) async throws -> PostgresArchive {
        let location = try PostgresLocation(url: url)
        guard location.host.hasPrefix("127.") || location.host == "localhost" else {
            throw ValidationError("benchmarks run on loopback only")
        }
        let postgres = try await PostgresArchive(location, logger: logger)
        if try await postgres.rowCount("statuses") == 0 {
            print("copying into PostgreSQL…")
            let report = try await StoreCopy(from: sqlite, to: postgres, batch: 2000, logger: logger).run()
            print(String(format: "copied %d statuses in %.1f s", report.statusesVerified, report.seconds))
        }
        return postgres
    }
}
