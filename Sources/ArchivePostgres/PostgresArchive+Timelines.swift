import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    // MARK: Accounts

    public func addAccount(
        handle: String, server: String, remoteID: String, username: String,
        displayName: String, url: String?
    ) async throws(ArchiveError) -> ArchivingAccount {
        let rows = try await rows(
            PostgresDialect().statement(AccountStatements.upsert) + " RETURNING *",
            [
                .text(handle), .text(server), .text(remoteID), .text(username), .text(displayName), .text(url),
                .text(Timestamp.now()),
            ])
        guard let row = rows.first else { throw .database("the account \(handle) vanished while being added") }
        return try decoding { try row.decoded(as: ArchivingAccount.self) }
    }

    /// Sends a timeline's cursor move (``CursorUpdate/statement(timelineID:)``) without waiting for it.
    static func sendCursorMove(
        _ update: CursorUpdate, timelineID: Int64, _ connection: PostgresConnection, _ logger: Logger
    ) -> SentStatement {
        let statement = update.statement(timelineID: timelineID)
        return connection.send(
            PostgresDialect().statement(statement.sql), statement.arguments.map(SQLValue.init), logger: logger)
    }

    /// Decodes rows, turning a cell of an unexpected type into an archive error.
    func decoding<T>(_ body: () throws -> T) throws(ArchiveError) -> T {
        do { return try body() } catch { throw Self.translate(error) }
    }
}
