import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

/// A page's statuses the store already holds, decided together: most are the same copy seen again (a
/// sync's overlap with the run before, a file imported again), which changes nothing but the status's
/// id on the server and its timeline. Those are recorded in two statements for the whole page instead
/// of a few round trips each (20,000 statuses imported again: 27 s row by row); a copy that replaces
/// the row or is kept beside it goes through `upsert`, as before.
extension PostgresArchive {
    /// Stores rows whose uris the store holds (their authors already written, see `lockInOrder`).
    static func storeHeld(
        _ rows: [PageRow], origin: PageOrigin, now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> StoreResult {
        guard !rows.isEmpty else { return StoreResult() }
        var stored: [String: (id: Int64, edit: String?, authority: CopyAuthority, content: String)] = [:]
        let dialect = PostgresDialect()
        for row in try await connection.rows(
            dialect.statement(
                LookupStatements.select("id, uri, edited_at, raw_authority, content", whereAny: "uri", dialect))
                + " FOR UPDATE", [.textArray(rows.map(\.status.archiveURI))], logger: logger)
        {
            stored[try row.string("uri")] = (
                try row.int64("id"), try row.optionalString("edited_at"),
                CopyAuthority(rawValue: Int(try row["raw_authority"].decode(Int16.self))) ?? .account,
                try row.string("content")
            )
        }
        var result = StoreResult()
        var unchanged: [(row: PageRow, id: Int64)] = []
        let today = Date()
        for row in rows {
            let status = row.status
            guard !row.writesAuthor, let held = stored[status.archiveURI],
                CopyAuthority.decide(
                    incoming: CopyAuthority.of(status, servedBy: origin.server, reading: origin.authority),
                    incomingEdit: status.editedAt, incomingContent: status.content, stored: held.authority,
                    storedEdit: held.edit, storedContent: held.content, now: today) == .none
            else {
                result += try await upsert(row, origin: origin, now: now, connection, logger)
                continue
            }
            unchanged.append((row, held.id))
        }
        // What `upsert` records of a copy that changes nothing: its id on the server, its timeline.
        if origin.recordsServerIDs {
            try await insertMany(
                connection, logger, "status_ids(server, local_id, status_id, in_reply_to_id)",
                rows: unchanged.map {
                    [.text(origin.server), .text($0.row.status.id), .int($0.id), .text($0.row.status.inReplyToID)]
                },
                suffix: """
                    ON CONFLICT(server, local_id) DO UPDATE SET status_id = excluded.status_id,
                        in_reply_to_id = excluded.in_reply_to_id
                    """)
        }
        if let timelineID = origin.timelineID {
            result.newToTimeline += try await insertMany(
                connection, logger, "timeline_statuses(timeline_id, status_id, first_seen_at)",
                rows: unchanged.map { [.int(timelineID), .int($0.id), .text(now)] },
                suffix: "ON CONFLICT DO NOTHING RETURNING status_id")
        }
        return result
    }
}
