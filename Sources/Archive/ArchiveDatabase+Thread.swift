import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// The conversation around `number` (a boost stands for the post it boosts).
    ///
    /// Parents and replies are linked through each server's own ids (`status_ids`), so a thread read
    /// from several servers joins up wherever one server saw both ends of a reply. Cycles, which only a
    /// broken server could produce, are cut where they close.
    public func thread(around number: Int64) async throws(ArchiveError) -> ThreadTree {
        let found = try await read { db -> ThreadTree? in
            guard let focus = try Self.postNumber(of: number, db) else { return nil }
            var root = focus
            var seen: Set<Int64> = [focus]
            while let parent = try Self.parent(of: root, db), seen.insert(parent).inserted { root = parent }
            let rootIsReply = try Bool.fetchOne(
                db, sql: "SELECT in_reply_to FROM statuses WHERE id = ?", arguments: [root]) ?? false
            var nodes: [ThreadTree.Node] = []
            var placed: Set<Int64> = []
            // Depth first with an explicit stack: long threads must not exhaust the call stack.
            var stack: [ThreadTree.Node] = [ThreadTree.Node(number: root, depth: 0, parent: nil)]
            while let node = stack.popLast() {
                guard placed.insert(node.number).inserted else { continue }
                nodes.append(node)
                let replies = try Self.replies(to: node.number, db).filter { !placed.contains($0) }
                stack += replies.reversed().map { ThreadTree.Node(number: $0, depth: node.depth + 1, parent: node.number) }
            }
            return ThreadTree(root: root, focus: focus, rootIsReply: rootIsReply, nodes: nodes)
        }
        guard let found else { throw .notFound("status \(number)") }
        return found
    }

    /// The post a row stands for: the boosted post for a boost wrapper, else the row itself;
    /// `nil` when there is no such row.
    static func postNumber(of number: Int64, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: """
            SELECT COALESCE((SELECT p.id FROM statuses p WHERE p.uri = s.reblog_uri), s.id)
            FROM statuses s WHERE s.id = ?
            """, arguments: [number])
    }

    /// The archived status `number` replies to, found through any server's ids, or by its uri when the
    /// reply names it so (an imported reply to another server's post; see schema/0015).
    static func parent(of number: Int64, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT p.status_id FROM status_ids c
            JOIN status_ids p ON p.server = c.server AND p.local_id = c.in_reply_to_id
            WHERE c.status_id = ?1 AND p.status_id <> c.status_id
            UNION ALL
            SELECT p.id FROM status_ids c JOIN statuses p ON p.uri = c.in_reply_to_id
            WHERE c.status_id = ?1 AND c.in_reply_to_id LIKE 'http%' AND p.id <> c.status_id
            LIMIT 1
            """), arguments: [number])
    }

    /// The archived replies to `number`, oldest first: through any server's ids, and those that name it
    /// by its uri.
    static func replies(to number: Int64, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db.cachedStatement(sql: repliesSQL), arguments: [number])
    }

    /// Without statistics (Icebox never runs ANALYZE) SQLite walked every id of the parent's server to
    /// find its replies (46 ms a status at 500k ids of one server), so the index is named.
    package static let repliesSQL = """
        SELECT s.id FROM statuses s WHERE s.id IN (
            SELECT c.status_id FROM status_ids p
            JOIN status_ids c INDEXED BY status_ids_by_parent ON c.server = p.server AND c.in_reply_to_id = p.local_id
            WHERE p.status_id = ?1 AND c.in_reply_to_id IS NOT NULL AND c.status_id <> p.status_id
            UNION
            SELECT c.status_id FROM statuses p JOIN status_ids c ON c.in_reply_to_id = p.uri
            WHERE p.id = ?1 AND c.in_reply_to_id LIKE 'http%' AND c.status_id <> p.id)
        ORDER BY s.created_at, s.id
        """
}

extension ArchiveDatabase {
    public func missingParents(of author: String) async throws(ArchiveError) -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT c.in_reply_to_id FROM status_ids c JOIN statuses r ON r.id = c.status_id
                WHERE c.in_reply_to_id LIKE 'http%' AND lower(r.author_handle) = lower(?)
                    AND NOT EXISTS (SELECT 1 FROM statuses p WHERE p.uri = c.in_reply_to_id)
                ORDER BY 1
                """, arguments: [author])
        }
    }
}

extension ArchiveDatabase {
    /// Every server's id for a status, the server its JSON came from first.
    public func serverIDs(of number: Int64) async throws(ArchiveError) -> [ServerStatusID] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT si.server, si.local_id, si.gone_at FROM status_ids si JOIN statuses s ON s.id = si.status_id
                WHERE si.status_id = ? ORDER BY si.server <> s.raw_server, si.server
                """, arguments: [number]).map { ServerStatusID(server: $0["server"], localID: $0["local_id"], goneAt: $0["gone_at"]) }
        }
    }
}
