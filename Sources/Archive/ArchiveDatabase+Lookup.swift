import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Finds a status by what a person may type or paste: the archive's number, a uri, a url, or a
    /// server's own id (any server). Boosts resolve to the post they boost.
    public func findStatus(_ reference: String) async throws(ArchiveError) -> Int64? {
        let text = reference.trimmingCharacters(in: .whitespaces)
        return try await read { db in
            var number: Int64?
            if let row = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text),
                try Bool.fetchOne(db, sql: LookupStatements.exists, arguments: [row]) == true
            {
                number = row
            }
            number =
                try number
                ?? Int64.fetchOne(db, sql: LookupStatements.byAddress, arguments: [text])
                ?? Int64.fetchOne(db, sql: LookupStatements.byAnyServerID, arguments: [text])
            guard let found = number else { return nil }
            // A boost shows the post it boosts.
            return try Int64.fetchOne(db, sql: LookupStatements.boosted, arguments: [found]) ?? found
        }
    }

    /// Finds a status on a given server by that server's id (what a status URL carries).
    public func findStatus(server host: String, localID: String) async throws(ArchiveError) -> Int64? {
        try await read { db in
            try Int64.fetchOne(db, sql: LookupStatements.byServerID(SQLiteDialect()), arguments: [host, localID])
        }
    }

    /// Everything the archive holds about one status.
    public func status(number: Int64) async throws(ArchiveError) -> ArchivedStatus {
        let found = try await read { db -> ArchivedStatus? in
            guard let row = try Row.fetchOne(db, sql: LookupStatements.row(SQLiteDialect()), arguments: [number]) else {
                return nil
            }
            let stored = try row.decoded(as: StoredStatus.self)
            let localID = try String.fetchOne(db, sql: LookupStatements.localID, arguments: [number, stored.server])
            let versions = try Row.fetchAll(db, sql: LookupStatements.versions, arguments: [number]).map {
                try $0.decoded(as: ArchivedStatus.Version.self)
            }
            let timelines = try Row.fetchAll(db, sql: LookupStatements.timelines, arguments: [number]).map {
                try $0.decoded(as: StatusTimeline.self).label
            }
            var status = ArchivedStatus(
                number: number, stored: stored, localID: localID, versions: versions,
                parent: try Self.parent(of: number, db), replies: try Self.replies(to: number, db),
                timelines: timelines,
                editHistory: try Data.fetchAll(db, sql: EditHistoryStatements.versions, arguments: [number]),
                otherCopies: try String.fetchAll(db, sql: LookupStatements.otherCopies, arguments: [number]))
            status.sources = try Self.provenance(of: number, db)
            return status
        }
        guard let found else { throw .notFound("status \(number)") }
        return found
    }
}
