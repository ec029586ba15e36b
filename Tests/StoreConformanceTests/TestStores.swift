import Archive
import ArchiveCore
import ArchivePostgres
import Foundation
import IceboxTestSupport
import Logging
import PostgresNIO
import Testing

/// The stores every conformance test runs against: a fresh SQLite file, and a fresh PostgreSQL database
/// in the cluster `scripts/test` starts (its URL in `ICEBOX_TEST_POSTGRES`). Without that variable the
/// PostgreSQL runs are skipped with a note, except in CI (`CI=true`), where they fail.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// One store made for one test, and what removes it.
struct TestStore: Sendable {
    let store: any ArchiveStore
    let folder: TemporaryDirectory
    private let cleanup: @Sendable () async -> Void

    /// A new, empty store of `kind`; `nil` when PostgreSQL is not available outside CI. `icuLocale`: a
    /// PostgreSQL database whose default collation is ICU's for that locale (as a cluster made with a
    /// national locale orders text), not the test cluster's code point order.
    static func make(_ kind: StoreKind, _ label: String, icuLocale: String? = nil) async throws -> TestStore? {
        let folder = try TemporaryDirectory("icebox-store-\(label)")
        let logger = Logger(label: "conformance")
        switch kind {
        case .sqlite:
            let store = try ArchiveDatabase(path: folder.url.appending(path: "archive.sqlite"), logger: logger)
            return TestStore(store: store, folder: folder, cleanup: {})
        case .postgres:
            guard let cluster = try PostgresCluster.fromEnvironment() else { return nil }
            let database = try await cluster.createDatabase(icuLocale: icuLocale)
            let store = try await PostgresArchive(database, logger: logger)
            return TestStore(
                store: store, folder: folder,
                cleanup: {
                    await store.close()
                    try? await cluster.dropDatabase(database.database)
                })
        }
    }

    func close() async { await cleanup() }

    /// Runs `body` with a new store of `kind` (skipped when PostgreSQL is not available outside CI),
    /// and removes the store whatever happens.
    static func with(
        _ kind: StoreKind, _ label: String, icuLocale: String? = nil, _ body: (TestStore) async throws -> Void
    ) async throws {
        guard let test = try await make(kind, label, icuLocale: icuLocale) else { return }
        do {
            try await body(test)
        } catch {
            await test.close()
            throw error
        }
        await test.close()
    }
}

/// The test cluster: creates a database per test so tests never see each other's rows.
struct PostgresCluster: Sendable {
    let location: PostgresLocation

    static func fromEnvironment() throws -> PostgresCluster? {
        guard let url = ProcessInfo.processInfo.environment["ICEBOX_TEST_POSTGRES"], !url.isEmpty else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record(
                    "ICEBOX_TEST_POSTGRES is not set: scripts/test starts a PostgreSQL cluster for these tests")
            }
            return nil
        }
        return PostgresCluster(location: try PostgresLocation(url: url))
    }

    func createDatabase(icuLocale: String? = nil) async throws -> PostgresLocation {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let collation = icuLocale.map { " TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '\($0)' LOCALE 'C.UTF-8'" }
        try await admin {
            try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)\(collation ?? "")"), logger: $1)
        }
        var location = self.location
        location.database = name
        return location
    }

    func dropDatabase(_ name: String) async throws {
        try await admin {
            try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: $1)
        }
    }

    /// Runs statements in `database` (a test's own), one at a time, as its owner.
    func execute(_ statements: [String], in database: String) async throws {
        try await admin(database: database) { connection, logger in
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    private func admin(
        database: String? = nil,
        _ body: @Sendable (PostgresConnection, Logger) async throws -> Void
    ) async throws {
        let logger = Logger(label: "conformance-admin")
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: database ?? location.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await body(connection, logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}
