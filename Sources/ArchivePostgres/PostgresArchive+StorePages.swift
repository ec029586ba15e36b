import ArchiveCore
import Foundation
import Logging
import PostgresNIO

/// The page writer (``PageWrite``) of PostgreSQL's workers, which share the store: a lease is checked
/// before its pages are written, the locks of all the pages of a write are taken once and in the global
/// order (see `lockInOrder`), and the pages of one origin are written together, a few statements for the
/// batch instead of a dozen per page.
extension PostgresArchive {
    /// Stores the writes' rows, locked first (authors and uris, all at once; an import's writes, which
    /// hold the store, lock no uris): one result per write, as storing them one after the other gives.
    static func store(_ writes: [PageWrite], _ connection: PostgresConnection, _ logger: Logger) async throws
        -> [StoreResult]
    {
        guard let now = writes.first?.now else { return [] }
        let locked = try await lockInOrder(
            writes.map { ($0.rows, $0.origin) }, now: now, lockingURIs: writes.contains { !$0.holdsStore },
            connection, logger)
        // Consecutive writes that differ only in the request they answered go together.
        var results: [StoreResult] = []
        var start = 0
        while start < writes.count {
            var end = start + 1
            while end < writes.count, sameWriter(writes[end], writes[start]) { end += 1 }
            results += try await storeLocked(
                Array(locked[start..<end]), origin: writes[start].origin, now: writes[start].now, connection, logger)
            start = end
        }
        return results
    }

    /// Refuses the page unless its worker still holds the lease it is written under. The lease row stays
    /// locked until the page commits, so no other worker can claim the server in between.
    static func checkFence(_ fence: LeaseFence, _ connection: PostgresConnection, _ logger: Logger) async throws {
        let held = try await connection.rows(
            """
            SELECT 1 FROM server_leases WHERE server = $1 AND holder = $2 AND expires_at > now() FOR UPDATE
            """, [.text(fence.server), .text(fence.holder)], logger: logger)
        guard !held.isEmpty else {
            throw ArchiveError.conflict("the lease on \(fence.server) ran out; the worker that took it continues")
        }
    }

    /// Whether two writes' statuses are written alike: the same origin but for the request each answered
    /// (which only their unreadable statuses keep), at the same time.
    private static func sameWriter(_ one: PageWrite, _ other: PageWrite) -> Bool {
        var origin = one.origin
        origin.pageCursor = other.origin.pageCursor
        return origin == other.origin && one.now == other.now
    }
}
