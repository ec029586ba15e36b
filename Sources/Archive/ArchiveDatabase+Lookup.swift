import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
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
