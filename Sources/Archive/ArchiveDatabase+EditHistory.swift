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

    /// The edited statuses read from `server` whose history is still wanted, oldest wish first.
    public func wantedEditHistories(server: String, limit: Int) async throws(ArchiveError) -> [WantedEditHistory] {
        try await read { db in
            try Row.fetchAll(db, sql: EditHistoryStatements.wanted, arguments: [server, limit]).map {
                try $0.decoded(as: WantedEditHistory.self)
            }
        }
    }

    /// Keeps every version of a status's history as served (each version's JSON byte for byte, in the
    /// server's order, which only grows) and marks the history fetched, in one transaction. Returns how
    /// many versions the archive did not have.
    @discardableResult
    public func storeEditHistory(_ wanted: WantedEditHistory, versions: [(createdAt: Date, raw: Data)])
        async throws(ArchiveError) -> Int
    {
        try await write { db in
            let now = Self.now()
            var added = 0
            let known = try Int.fetchOne(db, sql: EditHistoryStatements.versionCount, arguments: [wanted.number]) ?? 0
            for (position, version) in versions.enumerated() {
                try db.cachedStatement(sql: EditHistoryStatements.upsertVersion).execute(arguments: [
                    wanted.number, position, Timestamp.string(version.createdAt), wanted.server,
                    version.raw, now,
                ])
            }
            added = max(0, versions.count - known)
            try db.execute(sql: EditHistoryStatements.fetched, arguments: [wanted.number])
            return added
        }
    }

    /// Gives up on a wanted history (the server has no such endpoint, or no longer the status).
    public func dropWantedEditHistory(_ wanted: [WantedEditHistory]) async throws(ArchiveError) {
        try await write { db in
            try db.execute(
                sql: EditHistoryStatements.drop(SQLiteDialect()),
                arguments: [SQLArgument.ints(wanted.map(\.number)).databaseValue])
        }
    }

    /// Every version of a status's edit history the archive holds, oldest first, as served.
    public func editHistory(of number: Int64) async throws(ArchiveError) -> [Data] {
        try await read { db in
            try Data.fetchAll(db, sql: EditHistoryStatements.versions, arguments: [number])
        }
    }
}
