import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// An archive-wide setting (`settings` table), nil when never set.
    public func setting(_ name: String) async throws(ArchiveError) -> String? {
        try await read { db in
            try String.fetchOne(db, sql: SettingsStatements.value, arguments: [name])
        }
    }

    /// Sets an archive-wide setting.
    public func setSetting(_ name: String, _ value: String) async throws(ArchiveError) {
        try await write { db in
            try db.execute(sql: SettingsStatements.set, arguments: [name, value])
        }
    }
}
