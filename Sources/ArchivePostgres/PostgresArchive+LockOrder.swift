import ArchiveCore
import Crypto
import Foundation
import Logging
import Models
import PostgresNIO

/// Workers that read the same posts from different servers (federation puts one post on many) store
/// pages that overlap, each in its own order. Two transactions that lock the same rows in opposite
/// orders deadlock, and PostgreSQL aborts one of them. So every page takes its locks in one global order
/// before it writes anything: its authors' rows, sorted by handle, then a lock per post uri, sorted by
/// the uri's hash. A page that overlaps another waits for it instead of deadlocking; pages that do not
/// overlap never wait for each other.
///
/// An import is one transaction of any size, and a lock per uri held to its end would fill PostgreSQL's
/// lock table (`max_locks_per_transaction`: 100,000 posts failed with "out of shared memory"). So an
/// import holds one lock, `importLock`, exclusively for its whole transaction and takes no uri locks;
/// every page write takes it shared before any other lock, so pages wait while an import runs (and an
/// import waits for the pages being written), and neither ever holds a row the other waits for.
extension PostgresArchive {
    /// The import lock's two keys: an advisory lock of two int4 keys is apart from the uri locks' int8 ones.
    static let importLock = "1229145410, 1"

    /// Sends the import lock's statement for a page write (shared: it waits while an import runs) without
    /// waiting for it.
    static func sendWaitForImports(_ connection: PostgresConnection, _ logger: Logger) -> SentStatement {
        connection.send("SELECT pg_advisory_xact_lock_shared(\(importLock))", logger: logger)
    }

    /// Takes the import lock for an import (exclusive), until its transaction ends.
    static func holdImportLock(_ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.execute("SELECT pg_advisory_xact_lock(\(importLock))", logger: logger)
    }

    /// Upserts the pages' authors (sorted) and takes their uri locks (sorted), for pages stored in one
    /// transaction, all their locks taken before any of them is written; returns the rows with their
    /// authors marked as written. An author several pages write gets the profile of the last (as storing
    /// them one after the other leaves it). `lockingURIs` false: an import's pages, whose transaction holds the import lock.
    static func lockInOrder(
        _ pages: [(rows: [PageRow], origin: PageOrigin)], now: String, lockingURIs: Bool = true,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> [[PageRow]] {
        // The import lock goes first (before any row lock) and the authors' digests, which lock nothing,
        // right behind it: the connection runs them in the order sent, with one wait for both.
        let importLock = lockingURIs ? [sendWaitForImports(connection, logger)] : []
        var authors: [String: AuthorRow] = [:]
        for (rows, origin) in pages {
            for row in rows where row.writesAuthor {
                authors[row.status.account.fullHandle(servedBy: origin.server)] = authorValues(
                    row, origin: origin, now: now)
            }
        }
        let sorted = authors.sorted { $0.key < $1.key }.map(\.value)
        let versions = sendHeldVersions(sorted.map(\.version), connection, logger)
        let changed = try await changedAuthors(sorted.map(\.profile), after: importLock, connection, logger)
        let movedVersions = try await movedVersions(sorted.map(\.version), held: versions)
        // The authors' rows and versions, then the uri locks, in that order and with one wait.
        var locks = sendAuthors(changed, versions: movedVersions, connection, logger)
        if lockingURIs,
            let uriLocks = sendURILocks(pages.flatMap { $0.rows.map(\.status.archiveURI) }, connection, logger)
        {
            locks.append(uriLocks)
        }
        _ = try await locks.answers()
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
    /// `earlier`: statements sent before, waited for with the digests' (their first failure is thrown).
    static func changedAuthors(
        _ rows: [[SQLValue]], after earlier: [SentStatement] = [], _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws -> [[SQLValue]] {
        let handles = rows.compactMap { row -> String? in if case .text(let handle?) = row.first { handle } else { nil }
        }
        guard !handles.isEmpty else {
            _ = try await earlier.answers()
            return rows
        }
        let digests = connection.send(
            """
            SELECT handle, encode(sha256(raw_json), 'hex') AS digest, authority::bigint AS authority, opted_out,
                observed_at
            FROM authors
            WHERE handle = ANY($1::text[])
            """,
            [.textArray(handles)], logger: logger)
        var stored: [String: (digest: String, authority: Int64, optedOut: Bool, observedAt: String)] = [:]
        for row in try await (earlier + [digests]).answers().last ?? [] {
            stored[try row.text("handle")] = (
                try row.text("digest"), try row.integer("authority"), try row["opted_out"].decode(Bool.self),
                try row.text("observed_at")
            )
        }
        // A copy of another authority goes to the upsert, which decides (see `AuthorStatements`), and so
        // does a file's copy observed later than the stored one (it moves `observed_at`).
        return rows.filter { row in
            guard case .text(let handle?) = row.first, let held = stored[handle] else { return true }
            guard row.count > 9, case .bytes(let raw?) = row[5], case .int(let authority?) = row[8],
                case .bool(let optedOut?) = row[7], case .text(let observedAt?) = row[9],
                AuthorStatements.onlyBytesDecide(
                    incoming: (authority, optedOut, observedAt),
                    stored: (held.authority, held.optedOut, held.observedAt))
            else { return true }
            return SHA256.hash(data: raw).lowercaseHex != held.digest
        }
    }

    /// Sends the read of the stored versions of `versions` (see ``AuthorVersionStatements``); nil when
    /// there are none.
    static func sendHeldVersions(_ versions: [[SQLArgument]], _ connection: PostgresConnection, _ logger: Logger)
        -> SentStatement?
    {
        let keys = versions.compactMap(AuthorVersionStatements.seen)
        guard !keys.isEmpty else { return nil }
        return connection.send(
            """
            SELECT v.handle, v.digest, v.first_seen_at, v.last_seen_at, v.authority::bigint AS authority
            FROM author_versions v JOIN unnest($1::text[], $2::text[]) AS k(handle, digest)
                ON v.handle = k.handle AND v.digest = k.digest
            """, [.textArray(keys.map(\.handle)), .textArray(keys.map(\.digest))], logger: logger)
    }

    /// The versions whose upsert changes something (see ``AuthorVersionStatements/moves(stored:incoming:)``):
    /// an upsert locks the version's row until the page commits even when it writes nothing.
    static func movedVersions(_ versions: [[SQLArgument]], held: SentStatement?) async throws -> [[SQLArgument]] {
        guard let held else { return versions }
        var stored: [[String]: AuthorVersionStatements.Seen] = [:]
        for row in try await [held].answers().last ?? [] {
            stored[[try row.text("handle"), try row.text("digest")]] = AuthorVersionStatements.Seen(
                firstSeenAt: try row.text("first_seen_at"), lastSeenAt: try row.text("last_seen_at"),
                authority: try row.integer("authority"))
        }
        return versions.filter { version in
            guard let key = AuthorVersionStatements.seen(version) else { return true }
            return AuthorVersionStatements.moves(stored: stored[[key.handle, key.digest]], incoming: key.seen)
        }
    }

    /// Takes a page write's locks without writing its authors, with one wait: the import lock (shared),
    /// then a transaction-scoped advisory lock per uri, in the order of their hashes.
    static func lockForPageWrite(_ uris: [String], _ connection: PostgresConnection, _ logger: Logger) async throws {
        var locks = [sendWaitForImports(connection, logger)]
        if let uriLocks = sendURILocks(uris, connection, logger) { locks.append(uriLocks) }
        _ = try await locks.answers()
    }

    /// Sends the uri locks' statement (see `lockForPageWrite`) without waiting for it; nil when there are no
    /// uris.
    static func sendURILocks(_ uris: [String], _ connection: PostgresConnection, _ logger: Logger) -> SentStatement? {
        guard !uris.isEmpty else { return nil }
        return connection.send(
            """
            SELECT pg_advisory_xact_lock(h) FROM (
                SELECT DISTINCT hashtextextended(u, 7) AS h FROM unnest($1::text[]) AS u ORDER BY h) AS ordered
            """, [.textArray(uris)], logger: logger)
    }
}

/// An author's row and the version it is, as a page writes them (see `PostgresArchive.authorValues`).
struct AuthorRow: Sendable {
    var profile: [SQLValue]
    var version: [SQLArgument]
}
