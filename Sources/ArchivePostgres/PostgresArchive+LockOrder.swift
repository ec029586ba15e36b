import ArchiveCore
import Crypto
import Foundation
import Logging
import PostgresNIO

/// Workers that read the same posts from different servers (federation puts one post on many) store
/// pages that overlap, each in its own order. Two transactions that lock the same rows in opposite
/// orders deadlock, and PostgreSQL aborts one of them. So every page takes its locks in one global order
/// before it writes anything: its authors' rows, sorted by handle, then a lock per post uri, sorted by
/// the uri's hash. A page that overlaps another waits for it instead of deadlocking; pages that do not
/// overlap never wait for each other.
extension PostgresArchive {
    /// Upserts the page's authors (sorted) and takes the page's uri locks (sorted); returns the rows with
    /// their authors marked as written.
    static func lockInOrder(
        _ page: [PageRow], server: String, now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> [PageRow] {
        try await lockInOrder([(page, server)], now: now, connection, logger)[0]
    }

    /// The same for pages stored in one transaction, all their locks taken before any of them is written:
    /// an author several pages write gets the profile of the last (as storing them one after the other
    /// leaves it).
    static func lockInOrder(
        _ pages: [(rows: [PageRow], server: String)], now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> [[PageRow]] {
        var authors: [String: [SQLValue]] = [:]
        for (rows, server) in pages {
            for row in rows where row.writesAuthor {
                authors[row.status.account.fullHandle(servedBy: server)] = authorValues(row, server: server, now: now)
            }
        }
        try await upsertAuthors(
            try await changedAuthors(
                authors.sorted { $0.key < $1.key }.map(\.value),
                connection, logger), connection, logger)
        try await lockURIs(pages.flatMap { $0.rows.map(\.status.archiveURI) }, connection, logger)
        return pages.map { page in
            page.rows.map { row in
                var row = row
                row.writesAuthor = false
                return row
            }
        }
    }

    /// The author rows (see `authorValues`) whose profile is new or differs from the one stored. An
    /// upsert locks an author's row until the page commits even when it changes nothing, and every worker
    /// meets the same popular authors: upserting only what changed keeps pages from queueing behind each
    /// other for profiles they all agree on.
    static func changedAuthors(
        _ rows: [[SQLValue]], _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws -> [[SQLValue]] {
        let handles = rows.compactMap { row -> String? in if case .text(let handle?) = row.first { handle } else { nil }
        }
        guard !handles.isEmpty else { return rows }
        var stored: [String: String] = [:]
        for row in try await connection.rows(
            "SELECT handle, encode(sha256(raw_json), 'hex') AS digest FROM authors WHERE handle = ANY($1::text[])",
            [.textArray(handles)], logger: logger)
        {
            stored[try row.string("handle")] = try row.string("digest")
        }
        return rows.filter { row in
            guard case .text(let handle?) = row.first, let digest = stored[handle] else { return true }
            guard row.count > 5, case .bytes(let raw?) = row[5] else { return true }
            return SHA256.hash(data: raw).map { String(format: "%02x", $0) }.joined() != digest
        }
    }

    /// Takes a transaction-scoped advisory lock per uri, in the order of their hashes.
    static func lockURIs(_ uris: [String], _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard !uris.isEmpty else { return }
        try await connection.execute(
            """
            SELECT pg_advisory_xact_lock(h) FROM (
                SELECT DISTINCT hashtextextended(u, 7) AS h FROM unnest($1::text[]) AS u ORDER BY h) AS ordered
            """, [.textArray(uris)], logger: logger)
    }
}
