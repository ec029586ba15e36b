import ArchiveCore
import GRDB

extension ArchiveDatabase {
    /// Moves a timeline's cursors in the page's transaction (see `ArchiveStore.updateCursor`).
    static func apply(_ update: CursorUpdate, timelineID: Int64, _ db: Database) throws {
        let statement = update.statement(timelineID: timelineID)
        try db.cachedStatement(sql: statement.sql).execute(arguments: statement.databaseArguments)
    }
}
