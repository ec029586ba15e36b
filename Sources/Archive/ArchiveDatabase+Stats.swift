import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    public func stats() async throws(ArchiveError) -> ArchiveStats {
        let path = self.path
        return try await read { db in
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
            let size = ["", "-wal"].reduce(Int64(0)) { total, suffix in
                let attributes = try? FileManager.default.attributesOfItem(atPath: path.path + suffix)
                return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
            }
            return ArchiveStats(
                statuses: try count("SELECT COUNT(*) FROM statuses"),
                boosts: try count("SELECT COUNT(*) FROM statuses WHERE reblog_uri IS NOT NULL"),
                authors: try count("SELECT COUNT(*) FROM authors"),
                accounts: try count("SELECT COUNT(*) FROM archiving_accounts WHERE removed_at IS NULL"),
                timelines: try count("SELECT COUNT(*) FROM timelines WHERE removed_at IS NULL"),
                mediaAttachments: try count("SELECT COUNT(*) FROM media_attachments"),
                mediaFiles: try count("SELECT COUNT(*) FROM media_files"),
                mediaBytes: try Int64.fetchOne(db, sql: "SELECT IFNULL(SUM(size), 0) FROM media_files") ?? 0,
                mediaMissing: try count("SELECT COUNT(*) FROM media_attachment_files WHERE sha256 IS NULL"),
                editVersions: try count(
                    "SELECT (SELECT COUNT(*) FROM status_versions) + (SELECT COUNT(*) FROM status_edits)"),
                unreadable: try count("SELECT COUNT(*) FROM unreadable_statuses WHERE archived_at IS NULL"),
                otherCopies: try count("SELECT COUNT(*) FROM status_copies"),
                databaseBytes: size,
                oldest: try String.fetchOne(db, sql: "SELECT MIN(created_at) FROM statuses"),
                newest: try String.fetchOne(db, sql: "SELECT MAX(created_at) FROM statuses"))
        }
    }

    /// Every archived status uri, sorted: what tests compare with what a server served.
    public func allStatusURIs() async throws(ArchiveError) -> [String] {
        try await read { db in try String.fetchAll(db, sql: "SELECT uri FROM statuses ORDER BY uri") }
    }

    /// The raw JSON of a status as archived.
    public func rawJSON(uri: String) async throws(ArchiveError) -> Data? {
        try await read { db in
            try Data.fetchOne(db, sql: "SELECT raw_json FROM statuses WHERE uri = ?", arguments: [uri])
        }
    }

    /// Earlier versions of a status, oldest first.
    public func versions(uri: String) async throws(ArchiveError) -> [Data] {
        try await read { db in
            try Data.fetchAll(
                db,
                sql: """
                    SELECT v.raw_json FROM status_versions v JOIN statuses s ON s.id = v.status_id
                    WHERE s.uri = ? ORDER BY v.id
                    """, arguments: [uri])
        }
    }

    /// Uris of statuses whose indexed text matches an FTS5 query (the search command builds on this).
    public func matchingURIs(fts query: String) async throws(ArchiveError) -> [String] {
        try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT s.uri FROM statuses_fts f JOIN statuses s ON s.sort_key = f.rowid
                    WHERE statuses_fts MATCH ? ORDER BY s.uri
                    """, arguments: [query])
        }
    }
}

extension ArchiveDatabase {
    /// The archive keys of the statuses seen in one timeline, sorted.
    public func statusURIs(timelineID: Int64) async throws(ArchiveError) -> [String] {
        try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT s.uri FROM timeline_statuses ts JOIN statuses s ON s.id = ts.status_id
                    WHERE ts.timeline_id = ? ORDER BY s.uri
                    """, arguments: [timelineID])
        }
    }
}
