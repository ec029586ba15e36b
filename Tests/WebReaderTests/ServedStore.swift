import Foundation
import IceboxTestSupport
import Testing

/// The stores the reader is tested on: alice's SQLite archive, and the same archive copied to a new
/// database in the cluster `scripts/test` starts (`ICEBOX_TEST_POSTGRES`; skipped without it outside CI).
enum ServedStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    private static let sqliteArchive = Task { try await ServedArchive(store: nil) }
    private static let postgresArchive = Task { () -> ServedArchive? in
        guard let url = try await newDatabase() else { return nil }
        return try await ServedArchive(store: url)
    }

    /// The archive served on this store; `nil` when PostgreSQL is not available outside CI.
    func archive() async throws -> ServedArchive? {
        switch self {
        case .sqlite: try await Self.sqliteArchive.value
        case .postgres: try await Self.postgresArchive.value
        }
    }

    /// A new database in the test cluster, made with `psql`; its URL.
    static func newDatabase() async throws -> String? {
        guard let url = ProcessInfo.processInfo.environment["ICEBOX_TEST_POSTGRES"], !url.isEmpty else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record(
                    "ICEBOX_TEST_POSTGRES is not set: scripts/test starts a PostgreSQL cluster for these tests")
            }
            return nil
        }
        let name = "serve_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let created = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["psql", url, "-q", "-c", "CREATE DATABASE \(name)"])
        guard created.status == 0 else { throw ServeProcess.Failed("psql: \(created.stderr)") }
        guard let slash = url.lastIndex(of: "/") else { return nil }
        return String(url[...slash]) + name
    }

    /// `icebox serve` on the archive in `home`, copied first into a new PostgreSQL database for
    /// `.postgres`; nil when PostgreSQL is not available outside CI.
    func serve(_ home: TemporaryDirectory) async throws -> ServeProcess? {
        var arguments = ["serve", "--listen", "127.0.0.1:0", "--home", home.path]
        if self == .postgres {
            guard let url = try await Self.newDatabase() else { return nil }
            let copied = try await ServedArchive.icebox(["migrate", "--to", url, "--home", home.path])
            #expect(copied.status == 0, "\(copied.stderr)")
            arguments += ["--store", url]
        }
        return try await ServeProcess.start(arguments)
    }
}
