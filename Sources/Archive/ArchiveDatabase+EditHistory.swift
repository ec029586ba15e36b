import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// Notes, inside the caller's transaction, that an edited status's history is wanted (again, when
    /// this edit is newer than the one last wanted).
    static func wantEditHistory(
        of statusID: Int64, server: String, localID: String, editedAt: Date, now: String,
        _ db: Database
    ) throws {
        try db.cachedStatement(sql: EditHistoryStatements.want).execute(arguments: [
            statusID, server, localID, Timestamp.string(editedAt), now,
        ])
    }
}
