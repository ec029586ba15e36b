import Foundation
import GRDB
import Logging

/// The archive's SQLite database (WAL mode): migrated on open, safe to share between tasks.
public final class ArchiveDatabase: Sendable {
    /// The database file.
    public let path: URL
    let pool: DatabasePool
    let logger: Logger

    /// Opens (creating if needed) and migrates the archive at `path`.
    public init(path: URL, logger: Logger) throws(ArchiveError) {
        self.path = path
        self.logger = logger
        var configuration = Configuration()
        configuration.busyMode = .timeout(15)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            pool = try DatabasePool(path: path.path, configuration: configuration)
        } catch {
            throw .cannotOpen(path: path.path, reason: Self.describe(error))
        }
        try SchemaMigrations.migrate(pool, path: path.path, logger: logger)
    }

    /// Runs a write transaction, turning SQLite errors into `ArchiveError`.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ArchiveError) -> T {
        try await translatingErrors { try await pool.write(body) }
    }

    /// Runs a read, turning SQLite errors into `ArchiveError`.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ArchiveError) -> T {
        try await translatingErrors { try await pool.read(body) }
    }

    private func translatingErrors<T>(_ body: () async throws -> T) async throws(ArchiveError) -> T {
        do {
            return try await body()
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .database(Self.describe(error))
        }
    }

    /// `PRAGMA integrity_check`, then each full-text index checked against the statuses it indexes:
    /// "ok" when the file and the indexes are sound.
    public func integrityCheck() async throws(ArchiveError) -> String {
        try await write { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            for index in ["statuses_fts", "statuses_cjk"] {
                do {
                    try db.execute(sql: "INSERT INTO \(index)(\(index), rank) VALUES ('integrity-check', 1)")
                } catch {
                    problems.append("\(index): \(Self.describe(error))")
                }
            }
            return problems.isEmpty ? "ok" : problems.joined(separator: "; ")
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return "\(error.message ?? "SQLite error \(error.resultCode)")"
        }
        return "\(error)"
    }

    /// Now, in the archive's date format.
    static func now() -> String { Timestamp.string(Date()) }
}
