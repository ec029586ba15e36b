import Foundation

/// The conversation around a status, as archived: written once over the store's ``StoreExecutor``, read
/// on one snapshot (``StoreExecutor/read(_:)``) so that a reply stored meanwhile never half-joins it.
extension ArchiveStore {
    /// The conversation around `number` (a boost stands for the post it boosts).
    ///
    /// Parents and replies are linked through each server's own ids (`status_ids`), so a thread read
    /// from several servers joins up wherever one server saw both ends of a reply. Cycles, which only a
    /// broken server could produce, are cut where they close.
    public func thread(around number: Int64) async throws(ArchiveError) -> ThreadTree {
        let dialect = executor.dialect
        let reads: TransactionPlan<ThreadTree?> = .fetch(
            SQLStatement(ThreadStatements.postNumber, .int(number)), { try $0.integer("id") }
        ) { focus in
            guard let focus = focus.first else { return .done(nil) }
            let walk = ThreadWalk(focus: focus, dialect)
            return try walk.root(above: focus).then { root in
                .fetch(SQLStatement(ThreadStatements.isReply, .int(root)), { try $0.boolean("in_reply_to") }) {
                    let rootIsReply = $0.first ?? false
                    return try walk.posts(below: root).then { nodes in
                        .done(ThreadTree(root: root, focus: focus, rootIsReply: rootIsReply, nodes: nodes))
                    }
                }
            }
        }
        guard let found = try await executor.read(reads) else { throw .notFound("status \(number)") }
        return found
    }
}

/// The reads that walk a conversation, as plans: up to its root, then depth first down its replies.
package final class ThreadWalk: @unchecked Sendable {
    // `@unchecked Sendable`: the walk's state is read and written under `lock`. It is kept here rather than
    // captured by each step, which would copy it whole at every post (a thread of n posts, n² copies).
    private let lock = NSLock()
    private var seen: Set<Int64>
    private var stack: [ThreadTree.Node] = []
    private var nodes: [ThreadTree.Node] = []
    private var placed: Set<Int64> = []
    private let dialect: any SQLDialect

    fileprivate init(focus: Int64, _ dialect: any SQLDialect) {
        seen = [focus]
        self.dialect = dialect
    }

    /// The archived status `number` replies to (through any server's ids, or by its uri when the reply
    /// names it so), if any.
    package static func parent(of number: Int64) -> SQLStatement { SQLStatement(ThreadStatements.parent, .int(number)) }

    /// The archived replies to `number`, oldest first, as `id`.
    package static func replies(to number: Int64, _ dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(ThreadStatements.replies(dialect), .int(number))
    }

    /// The root above `number`: its parent's parent… until one has none, or one already seen (a cycle).
    fileprivate func root(above number: Int64) -> TransactionPlan<Int64> {
        .fetch(Self.parent(of: number), { try $0.integer("status_id") }) { [self] parents in
            guard let parent = parents.first, lock.withLock({ seen.insert(parent).inserted }) else {
                return .done(number)
            }
            return root(above: parent)
        }
    }

    /// The root and the posts below it, depth first with an explicit stack (long threads must not
    /// exhaust the call stack), each placed once.
    fileprivate func posts(below root: Int64) -> TransactionPlan<[ThreadTree.Node]> {
        lock.withLock { stack = [ThreadTree.Node(number: root, depth: 0, parent: nil)] }
        return placing()
    }

    /// Places the next post and reads its replies, until none is left.
    private func placing() -> TransactionPlan<[ThreadTree.Node]> {
        guard let node = nextNode() else { return .done(lock.withLock { nodes }) }
        return .fetch(Self.replies(to: node.number, dialect), { try $0.integer("id") }) { [self] replies in
            push(replies, below: node)
            return placing()
        }
    }

    /// The next post to place, placed, or nil when the walk is over.
    private func nextNode() -> ThreadTree.Node? {
        lock.withLock {
            while let node = stack.popLast() {
                guard placed.insert(node.number).inserted else { continue }
                nodes.append(node)
                return node
            }
            return nil
        }
    }

    /// Stacks the replies to `node` not yet placed, the oldest on top.
    private func push(_ replies: [Int64], below node: ThreadTree.Node) {
        lock.withLock {
            stack += replies.filter { !placed.contains($0) }.reversed().map {
                ThreadTree.Node(number: $0, depth: node.depth + 1, parent: node.number)
            }
        }
    }
}
