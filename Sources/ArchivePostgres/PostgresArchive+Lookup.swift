import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    public func status(number: Int64) async throws(ArchiveError) -> ArchivedStatus {
        let logger = self.logger
        let dialect = PostgresDialect()
        let found = try await transaction { connection -> ArchivedStatus? in
            guard
                let row = try await connection.rows(
                    dialect.statement(LookupStatements.row(dialect)), [.int(number)],
                    logger: logger
                ).first
            else { return nil }
            let stored = try row.decoded(as: StoredStatus.self)
            let localID = try await connection.rows(
                dialect.statement(LookupStatements.localID),
                [.int(number), .text(stored.server)], logger: logger
            ).first?.string("local_id")
            let versions = try await connection.rows(
                dialect.statement(LookupStatements.versions), [.int(number)],
                logger: logger
            ).map { try $0.decoded(as: ArchivedStatus.Version.self) }
            let timelines = try await connection.rows(
                dialect.statement(LookupStatements.timelines), [.int(number)],
                logger: logger
            ).map { try $0.decoded(as: StatusTimeline.self).label }
            let history = try await connection.rows(
                dialect.statement(EditHistoryStatements.versions), [.int(number)],
                logger: logger
            ).map { try $0.bytes("raw_json") }
            let copies = try await connection.rows(
                dialect.statement(LookupStatements.otherCopies), [.int(number)],
                logger: logger
            ).map { try $0.string("server") }
            var status = ArchivedStatus(
                number: number, stored: stored, localID: localID, versions: versions,
                parent: try await Self.parent(of: number, connection, logger),
                replies: try await Self.replies(to: number, connection, logger), timelines: timelines,
                editHistory: history, otherCopies: copies)
            status.sources = try await Self.provenance(of: number, connection, logger)
            return status
        }
        guard let found else { throw .notFound("status \(number)") }
        return found
    }

    public func thread(around number: Int64) async throws(ArchiveError) -> ThreadTree {
        let logger = self.logger
        let found = try await transaction { connection -> ThreadTree? in
            let dialect = PostgresDialect()
            guard
                let focus = try await connection.rows(
                    dialect.statement(ThreadStatements.postNumber), [.int(number)],
                    logger: logger
                ).first?.int64("id")
            else { return nil }
            var root = focus
            var seen: Set<Int64> = [focus]
            while let parent = try await Self.parent(of: root, connection, logger), seen.insert(parent).inserted {
                root = parent
            }
            let rootIsReply =
                try await connection.rows(
                    dialect.statement(ThreadStatements.isReply), [.int(root)],
                    logger: logger
                ).first?.bool("in_reply_to") ?? false
            var nodes: [ThreadTree.Node] = []
            var placed: Set<Int64> = []
            var stack = [ThreadTree.Node(number: root, depth: 0, parent: nil)]
            while let node = stack.popLast() {
                guard placed.insert(node.number).inserted else { continue }
                nodes.append(node)
                let replies = try await Self.replies(to: node.number, connection, logger).filter {
                    !placed.contains($0)
                }
                stack += replies.reversed().map {
                    ThreadTree.Node(number: $0, depth: node.depth + 1, parent: node.number)
                }
            }
            return ThreadTree(root: root, focus: focus, rootIsReply: rootIsReply, nodes: nodes)
        }
        guard let found else { throw .notFound("status \(number)") }
        return found
    }

    static func parent(of number: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws -> Int64? {
        try await connection.rows(PostgresDialect().statement(ThreadStatements.parent), [.int(number)], logger: logger)
            .first?.int64("status_id")
    }

    static func replies(to number: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws -> [Int64] {
        let dialect = PostgresDialect()
        return try await connection.rows(
            dialect.statement(ThreadStatements.replies(dialect)), [.int(number)],
            logger: logger
        ).map { try $0.int64("id") }
    }
}
