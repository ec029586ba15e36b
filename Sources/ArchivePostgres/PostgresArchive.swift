import ArchiveCore
import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// The archive on PostgreSQL: the same store as ``ArchiveDatabase``, shared by many workers.
///
/// One `PostgresClient` (postgres-nio's connection pool) per store; the schema is migrated from
/// `schema/postgres/*.sql` on open, under an advisory lock so that workers starting together migrate once.
public final class PostgresArchive: ArchiveStore {
    /// Where the store is (without its password).
    public let place: PostgresLocation
    let client: PostgresClient
    /// Whether the store has the RUM index that returns phrase matches in time order
    /// (`statuses_phrases_by_date`, schema/postgres/0007 and 0014): PostgreSQL's `rum` extension is optional.
    let phrasesByDate: Bool
    let logger: Logger
    private let runner: Task<Void, Never>

    public var location: String { place.description }
    /// None: a database server (see ``ArchiveStore/file``).
    public var file: URL? { nil }

    /// Connects to the store at `location` and migrates it; `close()` ends the connections.
    /// `starting`: a database with no archive yet is given one; when false (a command that only reads),
    /// it is `.noArchive` and nothing is created in it.
    public init(
        _ location: PostgresLocation, logger: Logger, maximumConnections: Int = 8,
        starting: Bool = true
    ) async throws(ArchiveError) {
        place = location
        self.logger = logger
        let tls: PostgresClient.Configuration.TLS =
            location.requiresTLS ? .require(TLSConfiguration.makeClientConfiguration()) : .disable
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: tls)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(15)
        // The pool retries a connection that fails for about a minute before it gives up; the migrations
        // run on one direct connection first, so a store that cannot be reached says so at once, and why.
        do {
            phrasesByDate = try await Self.migrate(location, starting: starting, logger: logger)
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw Self.openFailure(error, location: location)
        }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        // The pool must be running before the first query leases a connection (postgres-nio warns
        // otherwise): the task says when it is about to call `run()`.
        let (started, starting) = AsyncStream<Void>.makeStream()
        runner = Task {
            starting.finish()
            await client.run()
        }
        for await _ in started {}
        await Task.yield()
    }

    /// Migrates the store on a connection of its own, and says whether it has the phrase index.
    private static func migrate(_ location: PostgresLocation, starting: Bool, logger: Logger) async throws -> Bool {
        let tls: PostgresConnection.Configuration.TLS =
            location.requiresTLS
            ? .require(try NIOSSLContext(configuration: TLSConfiguration.makeClientConfiguration())) : .disable
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: tls)
        configuration.options.connectTimeout = .seconds(15)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        do {
            if !starting {
                let schema = try await connection.rows(
                    "SELECT to_regclass('icebox_schema') IS NOT NULL AS present", logger: logger)
                guard try schema.first?["present"].decode(Bool.self) == true else {
                    throw ArchiveError.noArchive(folder: location.description)
                }
            }
            try await PostgresMigrations.migrate(connection, location: location.description, logger: logger)
            let index = try await connection.rows(
                "SELECT to_regclass('statuses_phrases_by_date') IS NOT NULL AS present", logger: logger)
            let present = try index.first?["present"].decode(Bool.self) ?? false
            try await connection.close()
            return present
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Why a store could not be reached, in words: the server's own message, or the network's.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError, error.serverInfo?[.message] == nil, let underlying = error.underlying {
            return "\(underlying)"
        }
        return translate(error).description
    }

    deinit { runner.cancel() }

    /// Closes the store's connections.
    public func close() async {
        runner.cancel()
        _ = await runner.value
    }

    /// Runs `body` in one transaction on one connection. A transaction PostgreSQL aborted because it
    /// deadlocked with another worker's, or could not be serialized with it, is run again from the start
    /// (as PostgreSQL's documentation advises) after a short random pause, up to `attempts` times.
    func transaction<T: Sendable>(
        attempts: Int = 6,
        _ body: (PostgresConnection) async throws -> T
    ) async throws(ArchiveError) -> T {
        var attempt = 1
        while true {
            do {
                return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
            } catch {
                let cause =
                    (error as? PostgresTransactionError).map {
                        $0.closureError ?? $0.commitError ?? $0.beginError ?? $0
                    }
                    ?? error
                guard attempt < attempts, Self.isRetryable(cause) else { throw Self.translate(cause) }
                logger.debug(
                    "transaction retried", metadata: ["attempt": "\(attempt)", "reason": "\(Self.translate(cause))"])
                try? await Task.sleep(for: .milliseconds(Int.random(in: 5...(20 << min(attempt, 4)))))
                attempt += 1
            }
        }
    }

    /// Whether PostgreSQL aborted a transaction only for its timing with another: a deadlock (40P01) or a
    /// serialization failure (40001). Running it again is the documented remedy.
    static func isRetryable(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    /// Whether PostgreSQL refused one row's data for breaking the archive's rules (integrity constraint
    /// violations, class 23, and data exceptions, class 22), rather than the store failing: that row can
    /// be kept unreadable and its neighbours stored.
    static func breaksARule(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("23") || state.hasPrefix("22")
    }

    /// Runs `body` on one connection between the statements `begin` and `end` (a ROLLBACK in place of
    /// `end` when it throws), once: no retry.
    func bracketed<T: Sendable>(
        begin: String, end: String,
        _ body: (PostgresConnection) async throws -> T
    ) async throws(ArchiveError) -> T {
        let logger = self.logger
        do {
            return try await client.withConnection { connection in
                try await connection.execute(begin, logger: logger)
                do {
                    let result = try await body(connection)
                    try await connection.execute(end, logger: logger)
                    return result
                } catch {
                    try? await connection.execute("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch {
            throw Self.translate(error)
        }
    }

    /// Runs a query outside any transaction and returns its rows.
    func rows(_ sql: String, _ binds: [SQLValue] = []) async throws(ArchiveError) -> [PostgresRandomAccessRow] {
        do {
            return try await client.query(Self.query(sql, binds), logger: logger).collect().map {
                $0.makeRandomAccess()
            }
        } catch {
            throw Self.translate(error)
        }
    }

    /// Runs a statement outside any transaction.
    func execute(_ sql: String, _ binds: [SQLValue] = []) async throws(ArchiveError) {
        _ = try await rows(sql, binds)
    }

    static func query(_ sql: String, _ binds: [SQLValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: binds.count)
        for bind in binds { bind.append(to: &bindings) }
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// A PostgreSQL error in the archive's words.
    static func translate(_ error: any Error) -> ArchiveError {
        if let error = error as? ArchiveError { return error }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
                return breaksARule(error) ? .brokenRule(message + state) : .database(message + state)
            }
            return .database("PostgreSQL: \(error.code)")
        }
        return .database("\(error)")
    }
}

extension PostgresConnection {
    /// Runs a query in this connection's transaction and returns its rows.
    func rows(_ sql: String, _ binds: [SQLValue] = [], logger: Logger) async throws -> [PostgresRandomAccessRow] {
        try await query(PostgresArchive.query(sql, binds), logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// Runs a statement in this connection's transaction.
    func execute(_ sql: String, _ binds: [SQLValue] = [], logger: Logger) async throws {
        _ = try await query(PostgresArchive.query(sql, binds), logger: logger).collect()
    }
}
