import ArchiveCore
import Foundation
import GRDB
import Logging

/// The archive's SQLite database (WAL mode): migrated on open, safe to share between tasks.
public final class ArchiveDatabase: ArchiveStore {
    /// The database file.
    public let path: URL
    /// The database file's path.
    public var location: String { path.path }
    /// The database file (see ``ArchiveStore/file``).
    public var file: URL? { path }
    /// A pool (a writer and concurrent readers) when the archive may be written; one read-only
    /// connection when it is opened for a command that never writes (a quicker start for one-shot reads).
    let pool: any DatabaseWriter
    let logger: Logger

    /// How a command uses the archive.
    public enum Access: Sendable {
        /// Create the archive if needed, migrate it, read and write.
        case readWrite
        /// Only read: the file must exist (else `.noArchive`) and nothing is created. A file this
        /// process may write is migrated as usual; one it may not (a read-only file or folder) is
        /// opened read-only as it is, if its schema is current.
        case read
        /// Like `.read`, for commands that never write (search, show, stats): an archive whose schema is
        /// current is opened read-only, so opening takes no write transaction and leaves the file (and
        /// its `-wal`) as it was; one that needs upgrading is migrated as `.read` does.
        case readOnly
        /// Only look (`icebox doctor`): opened read-only whatever its schema, never migrated, so that
        /// what an older Icebox left is reported as found; a query the old schema cannot answer fails.
        case inspect
    }

    /// The page size of an archive this binary creates (see `init`; `docs/benchmarks.md`).
    static let newPageSize = 16_384

    /// Opens (creating if needed) and migrates the archive at `path`; an empty or foreign file there is
    /// refused, never re-initialised.
    public init(path: URL, logger: Logger, access: Access = .readWrite) throws(ArchiveError) {
        self.path = path
        self.logger = logger
        Self.noteSQLiteTuning(logger: logger)
        var configuration = Configuration()
        configuration.busyMode = .timeout(15)
        configuration.foreignKeysEnabled = true
        if access != .readWrite {
            guard ArchiveFile.exists(path) else { throw .noArchive(folder: path.deletingLastPathComponent().path) }
        }
        try ArchiveFile.check(path)
        // Read-only as one connection when the schema is this binary's; else opened for migrating.
        if access == .readOnly, let queue = Self.openQueueReadOnly(path, configuration: configuration),
            SchemaMigrations.isCurrent(queue)
        {
            pool = queue
            return
        }
        if access == .inspect {
            if let queue = Self.openQueueReadOnly(path, configuration: configuration) {
                pool = queue
                return
            }
            configuration.readonly = true
            pool = try Self.openReadOnly(path, configuration: configuration)
            return
        }
        if access != .readWrite, !ArchiveFile.isWritable(path) {
            configuration.readonly = true
            pool = try Self.openReadOnly(path, configuration: configuration)
            try SchemaMigrations.requireCurrent(pool, path: path.path)
            return
        }
        let existed = ArchiveFile.exists(path)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A new archive's pages are 16 KiB: a status row (about 2 KB of raw JSON and searchable text)
            // left half of every 4 KiB page empty, as two never fit in one. It takes effect only before the
            // file's first page is written (here, before WAL mode is set); an archive that exists keeps its
            // own page size.
            if !existed { try db.execute(sql: "PRAGMA page_size = \(Self.newPageSize)") }
        }
        let writable: DatabasePool
        // Only a command that writes tightens modes: `doctor` (which opens with `.read`) reports them instead.
        // Before this process has any connection to the file: closing another descriptor of a database
        // file drops every POSIX lock the process holds on it, SQLite's included, and another process
        // then takes itself for the only one and rebuilds the -shm under this one's mapping (SIGBUS).
        if access == .readWrite {
            try ArchiveFile.refuseLink(path)
            try ArchiveFile.restrict(path, existed: existed, logger: logger)
        }
        // A new archive (and the -wal and -shm SQLite gives the same mode) is its owner's only, whatever the umask.
        let umaskBefore = existed ? nil : umask(0o077)
        defer { if let umaskBefore { umask(umaskBefore) } }
        do {
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            writable = try DatabasePool(path: path.path, configuration: configuration)
        } catch {
            throw .cannotOpen(path: path.path, reason: Self.describe(error))
        }
        try SchemaMigrations.migrate(writable, path: path.path, logger: logger)
        pool = writable
    }

    /// The archive as one read-only connection that has read its schema; nil when SQLite cannot open it
    /// so (a folder where it cannot make its shared-memory file: then `openReadOnly`).
    private static func openQueueReadOnly(_ path: URL, configuration: Configuration) -> DatabaseQueue? {
        var configuration = configuration
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path.path, configuration: configuration),
            (try? queue.read({ db in try Int.fetchOne(db, sql: StatsStatements.count("sqlite_master")) })) != nil
        else {
            return nil
        }
        return queue
    }

    /// A read-only pool: SQLite's own read-only mode, or, where it cannot create its shared-memory file
    /// beside the archive (a read-only folder), the file opened as immutable.
    private static func openReadOnly(_ path: URL, configuration: Configuration) throws(ArchiveError) -> DatabasePool {
        do {
            let pool = try DatabasePool(path: path.path, configuration: configuration)
            _ = try pool.read { db in try Int.fetchOne(db, sql: StatsStatements.count("sqlite_master")) }
            return pool
        } catch {
            do {
                let pool = try DatabasePool(path: ArchiveFile.immutableURI(path), configuration: configuration)
                _ = try pool.read { db in try Int.fetchOne(db, sql: StatsStatements.count("sqlite_master")) }
                return pool
            } catch {
                throw .cannotOpen(path: path.path, reason: "read-only: \(describe(error))")
            }
        }
    }

    /// Runs a write transaction, turning SQLite errors into `ArchiveError`.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ArchiveError) -> T {
        try await translatingErrors { try await pool.write(body) }
    }

    /// Runs a read, turning SQLite errors into `ArchiveError`.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ArchiveError) -> T {
        try await translatingErrors { try await pool.read(body) }
    }

    func translatingErrors<T>(_ body: () async throws -> T) async throws(ArchiveError) -> T {
        do {
            return try await body()
        } catch let error as ArchiveError {
            throw error
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
        {
            throw .damaged(
                path: path.path,
                reason: "\(error.message ?? "SQLite error \(error.resultCode)"); restore it from a backup")
        } catch let error as DatabaseError where Self.isolable(error) {
            throw .brokenRule(Self.describe(error))
        } catch {
            throw .database(Self.describe(error))
        }
    }

    /// `PRAGMA integrity_check`, then each full-text index checked against the statuses it indexes:
    /// "ok" when the file and the indexes are sound. An archive opened read-only gets the first only
    /// (SQLite checks a full-text index through a write statement).
    public func integrityCheck() async throws(ArchiveError) -> String {
        if pool.configuration.readonly {
            let problems = try await read { db in
                try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            }
            return problems.isEmpty ? "ok" : problems.joined(separator: "; ")
        }
        return try await write { db in
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
            let message = error.message ?? "SQLite error \(error.resultCode)"
            if error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
                return "the archive file is damaged (\(message)); restore it from a backup"
            }
            return message
        }
        return "\(error)"
    }
}
