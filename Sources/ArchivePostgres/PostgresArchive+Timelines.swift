import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
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
