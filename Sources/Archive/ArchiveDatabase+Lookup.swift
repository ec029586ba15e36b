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
               try Bool.fetchOne(db, sql: "SELECT 1 FROM statuses WHERE id = ?", arguments: [row]) == true {
                number = row
            }
            number = try number
                ?? Int64.fetchOne(db, sql: "SELECT id FROM statuses WHERE uri = ? OR url = ? LIMIT 1", arguments: [text, text])
                ?? Int64.fetchOne(db, sql: "SELECT status_id FROM status_ids WHERE local_id = ? LIMIT 1", arguments: [text])
            guard let found = number else { return nil }
            // A boost shows the post it boosts.
            return try Int64.fetchOne(db, sql: """
                SELECT p.id FROM statuses b JOIN statuses p ON p.uri = b.reblog_uri WHERE b.id = ?
                """, arguments: [found]) ?? found
        }
    }

    /// Finds a status on a given server by that server's id (what a status URL carries).
    public func findStatus(server host: String, localID: String) async throws(ArchiveError) -> Int64? {
        try await read { db in
            try Int64.fetchOne(db, sql: "SELECT status_id FROM status_ids WHERE server = ? COLLATE NOCASE AND local_id = ?",
                               arguments: [host, localID])
        }
    }

    /// Everything the archive holds about one status.
    public func status(number: Int64) async throws(ArchiveError) -> ArchivedStatus {
        let found = try await read { db -> ArchivedStatus? in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM statuses WHERE id = ?", arguments: [number]) else {
                return nil
            }
            let server: String = row["raw_server"]
            let localID = try String.fetchOne(
                db, sql: "SELECT local_id FROM status_ids WHERE status_id = ? AND server = ? LIMIT 1", arguments: [number, server])
            let versions = try Row.fetchAll(
                db, sql: "SELECT raw_json, replaced_at FROM status_versions WHERE status_id = ? ORDER BY id", arguments: [number]
            ).map { ArchivedStatus.Version(raw: $0["raw_json"], replacedAt: $0["replaced_at"]) }
            let parent = try Self.parent(of: number, db)
            let replies = try Self.replies(to: number, db)
            let timelines = try Row.fetchAll(db, sql: """
                SELECT t.spec, a.handle FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                LEFT JOIN archiving_accounts a ON a.id = t.account_id WHERE ts.status_id = ? ORDER BY t.id
                """, arguments: [number]).map { row -> String in
                    let handle: String? = row["handle"]
                    let spec: String = row["spec"]
                    return handle.map { "\(spec) (\($0))" } ?? spec
                }
            var status = ArchivedStatus(number: number, uri: row["uri"], raw: row["raw_json"], server: server,
                                        localID: localID, versions: versions, parent: parent, replies: replies,
                                        timelines: timelines, goneAt: row["gone_at"])
            status.goneVia = (row["gone_via"] as String?).flatMap(DeletionSource.init(rawValue:))
            status.redactedAt = row["redacted_at"]
            status.editHistory = try Data.fetchAll(
                db, sql: "SELECT raw_json FROM status_edits WHERE status_id = ? ORDER BY position", arguments: [number])
            status.otherCopies = try String.fetchAll(
                db, sql: "SELECT DISTINCT server FROM status_copies WHERE status_id = ? ORDER BY server", arguments: [number])
            status.sources = try Self.provenance(of: number, db)
            return status
        }
        guard let found else { throw .notFound("status \(number)") }
        return found
    }
}
