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
            let rootIsReply = try Bool.fetchOne(db, sql: ThreadStatements.isReply, arguments: [root]) ?? false
            var nodes: [ThreadTree.Node] = []
            var placed: Set<Int64> = []
            // Depth first with an explicit stack: long threads must not exhaust the call stack.
            var stack: [ThreadTree.Node] = [ThreadTree.Node(number: root, depth: 0, parent: nil)]
            while let node = stack.popLast() {
                guard placed.insert(node.number).inserted else { continue }
                nodes.append(node)
                let replies = try Self.replies(to: node.number, db).filter { !placed.contains($0) }
                stack += replies.reversed().map {
                    ThreadTree.Node(number: $0, depth: node.depth + 1, parent: node.number)
                }
            }
            return ThreadTree(root: root, focus: focus, rootIsReply: rootIsReply, nodes: nodes)
        }
        guard let found else { throw .notFound("status \(number)") }
        return found
    }

    /// The post a row stands for: the boosted post for a boost wrapper, else the row itself;
    /// `nil` when there is no such row.
    static func postNumber(of number: Int64, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: ThreadStatements.postNumber, arguments: [number])
    }

    /// The archived status `number` replies to, found through any server's ids, or by its uri when the
    /// reply names it so (an imported reply to another server's post; see schema/0015).
    static func parent(of number: Int64, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: ThreadStatements.parent), arguments: [number])
    }

    /// The archived replies to `number`, oldest first: through any server's ids, and those that name it
    /// by its uri.
    static func replies(to number: Int64, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db.cachedStatement(sql: repliesSQL), arguments: [number])
    }

    /// Without statistics (Icebox never runs ANALYZE) SQLite walked every id of the parent's server to
    /// find its replies (46 ms a status at 500k ids of one server), so the index is named.
    package static let repliesSQL = ThreadStatements.replies(SQLiteDialect())
}
