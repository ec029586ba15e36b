import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Whether `policy` leaves anything out in this archive: only when it is honoured and someone opted
    /// out (so a search in an archive where nobody did costs nothing more).
    static func hidesOptedOut(_ policy: ConsentPolicy, _ db: Database) throws -> Bool {
        guard policy == .honoured else { return false }
        return try Bool.fetchOne(db.cachedStatement(sql: ConsentStatements.anyOptedOut(SQLiteDialect()))) ?? false
    }
}
