import Logging
import NIOCore
import PostgresNIO

/// A statement sent on a transaction's connection whose answer is not waited for yet.
///
/// A page batch is a chain of statements, most of which do not need the answer of the one before: waiting
/// for each answer before sending the next leaves the server idle for a round trip, and the store's task
/// idle while the server works. A connection runs what it is sent in the order sent, so statements sent
/// together keep the order (and the lock order, see `lockInOrder`) of statements sent one by one.
struct SentStatement: Sendable {
    let answer: EventLoopFuture<PostgresQueryResult>

    /// The statement's rows, once it has run.
    func rows() async throws -> [PostgresRandomAccessRow] {
        try await answer.get().rows.map { $0.makeRandomAccess() }
    }
}

extension PostgresConnection {
    /// Sends a statement in this connection's transaction and returns at once (see ``SentStatement``).
    func send(_ sql: String, _ binds: [SQLValue] = [], logger: Logger) -> SentStatement {
        SentStatement(answer: query(PostgresArchive.query(sql, binds), logger: logger))
    }
}

extension [SentStatement] {
    /// Every statement's rows, in the order sent. When one failed, every statement is waited for (nothing
    /// is left running when the caller rolls back) and the first failure is thrown: the ones after it only
    /// say that the transaction was already aborted.
    func answers() async throws -> [[PostgresRandomAccessRow]] {
        var rows: [[PostgresRandomAccessRow]] = []
        var failure: (any Error)?
        for statement in self {
            do {
                rows.append(try await statement.rows())
            } catch {
                if failure == nil { failure = error }
            }
        }
        if let failure { throw failure }
        return rows
    }

    /// Waits for statements sent before a step that failed, so that nothing is left running, and throws
    /// that step's `error`.
    func abandon(after error: any Error) async -> any Error {
        for statement in self { _ = try? await statement.answer.get() }
        return error
    }
}
