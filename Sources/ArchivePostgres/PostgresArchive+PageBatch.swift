import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

/// A page stored in a handful of statements instead of several per status: over a network every
/// statement is a round trip, and a page of 40 statuses took some 240 of them.
///
/// Statuses the store does not hold yet (nearly all of a sync's) are inserted together, with their
/// server ids, timeline rows, attachments, authors and wanted edit histories; a status already held goes
/// through `upsert` one by one, which decides between the copies as the SQLite store does.
extension PostgresArchive {
    static func storeBatched(
        _ page: [PageRow], origin: PageOrigin, now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> StoreResult {
        let locked = try await lockInOrder(page, server: origin.server, now: now, connection, logger)
        // A status twice in one page (a post and its boost, or two boosts of it; servers do send that):
        // its first row goes with the others, the later ones are decided against it one by one after.
        var seen = Set<String>()
        var page: [PageRow] = []
        var repeated: [PageRow] = []
        for row in locked {
            if seen.insert(row.status.archiveURI).inserted { page.append(row) } else { repeated.append(row) }
        }
        // Two statuses with one server id (never from a sound server): row by row, when the ids are kept.
        guard !origin.recordsServerIDs || Set(page.map(\.status.id)).count == page.count else {
            var result = StoreResult()
            for row in locked { result += try await upsert(row, origin: origin, now: now, connection, logger) }
            return result
        }
        let uris = page.map(\.status.archiveURI)
        let held = Set(
            try await connection.rows(
                PostgresDialect().statement(LookupStatements.select("uri", whereAny: "uri", PostgresDialect())),
                [.textArray(uris)], logger: logger
            ).map { try $0.string("uri") })
        let fresh = page.filter { !held.contains($0.status.archiveURI) }
        var result = StoreResult()
        var taken = Set<String>()
        if !fresh.isEmpty {
            let (stored, lost) = try await insertFresh(fresh, origin: origin, now: now, connection, logger)
            result += stored
            taken = lost
        }
        // Statuses held already, and those another worker stored a moment ago (the same post read from
        // another server): each a copy to decide on.
        result += try await storeHeld(
            page.filter { held.contains($0.status.archiveURI) || taken.contains($0.status.archiveURI) },
            origin: origin, now: now, connection, logger)
        for row in repeated { result += try await upsert(row, origin: origin, now: now, connection, logger) }
        return result
    }

    /// Inserts statuses the store does not hold, in page order (so their numbers follow the order the
    /// SQLite store gives them), with everything that hangs off them.
    private static func insertFresh(
        _ rows: [PageRow], origin: PageOrigin, now: String,
        _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws -> (StoreResult, lost: Set<String>) {
        let server = origin.server
        var statusValues: [[SQLValue]] = []
        for row in rows {
            let status = row.status
            let authority = CopyAuthority.of(status, servedBy: server, reading: origin.authority)
            let columns = StatusRow(
                status, raw: row.raw, server: server,
                authorHandle: status.account.fullHandle(servedBy: server), authority: authority)
            statusValues.append(StatusColumns.values(columns) + [.text(now)])
        }
        let inserted = try await connection.rows(
            StatusColumns.insertManySQL(rows.count), statusValues.flatMap { $0 },
            logger: logger)
        var ids: [String: Int64] = [:]
        for row in inserted { ids[try row.string("uri")] = try row.int64("id") }
        // Rows another worker inserted first (ON CONFLICT DO NOTHING) go back to the caller as copies.
        let lost = Set(rows.map(\.status.archiveURI).filter { ids[$0] == nil })
        let rows = rows.filter { ids[$0.status.archiveURI] != nil }
        func id(_ row: PageRow) throws -> Int64 {
            guard let id = ids[row.status.archiveURI] else {
                throw ArchiveError.database("the status \(row.status.archiveURI) vanished while being stored")
            }
            return id
        }
        if origin.recordsServerIDs {
            try await insertMany(
                connection, logger, "status_ids(server, local_id, status_id, in_reply_to_id)",
                rows: try rows.map {
                    [.text(server), .text($0.status.id), .int(try id($0)), .text($0.status.inReplyToID)]
                },
                suffix: """
                    ON CONFLICT(server, local_id) DO UPDATE SET status_id = excluded.status_id,
                        in_reply_to_id = excluded.in_reply_to_id
                    """)
        }
        if let timelineID = origin.timelineID {
            try await insertMany(
                connection, logger, "timeline_statuses(timeline_id, status_id, first_seen_at)",
                rows: try rows.map { [.int(timelineID), .int(try id($0)), .text(now)] },
                suffix: "ON CONFLICT DO NOTHING")
        }
        let media = try rows.flatMap { row in
            try row.status.mediaAttachments.enumerated().map { position, media -> [SQLValue] in
                [
                    .int(try id(row)), .int(Int64(position)), .text(media.id), .text(media.type.rawValue),
                    .text(media.url),
                    .text(media.previewURL), .text(media.remoteURL), .text(media.description), .text(media.blurhash),
                    .int(media.meta?.original?.width.map(Int64.init)),
                    .int(media.meta?.original?.height.map(Int64.init)),
                ]
            }
        }
        try await insertMany(
            connection, logger,
            """
            media_attachments(status_id, position, media_id, type, url, preview_url, remote_url, description, blurhash,
                width, height)
            """, rows: media)
        let edited = try rows.compactMap { row -> [SQLValue]? in
            guard let editedAt = row.status.editedAt else { return nil }
            return [
                .int(try id(row)), .text(server), .text(row.status.id), .text(Timestamp.string(editedAt)), .text(now),
            ]
        }
        try await insertMany(
            connection, logger, "edit_history_wanted(status_id, server, local_id, edited_at, wanted_at)",
            rows: edited,
            suffix: """
                ON CONFLICT(status_id) DO UPDATE SET server = excluded.server, local_id = excluded.local_id,
                    edited_at = excluded.edited_at, wanted_at = excluded.wanted_at
                WHERE excluded.edited_at > edit_history_wanted.edited_at
                """)
        try await upsertAuthors(
            rows.filter(\.writesAuthor).map { authorValues($0, server: server, now: now) },
            connection, logger)
        var result = StoreResult()
        result.new = rows.count
        return (result, lost)
    }

    /// `INSERT INTO target VALUES (…), (…) suffix`, one statement for all `rows` (none: nothing sent);
    /// returns how many rows it returned (a `suffix` may end in `RETURNING`).
    @discardableResult
    static func insertMany(
        _ connection: PostgresConnection, _ logger: Logger, _ target: String,
        rows: [[SQLValue]], suffix: String = ""
    ) async throws -> Int {
        guard let width = rows.first?.count else { return 0 }
        var parameter = 0
        let tuples = rows.map { _ in
            "("
                + (0..<width).map { _ in
                    parameter += 1
                    return "$\(parameter)"
                }.joined(separator: ", ") + ")"
        }
        return try await connection.rows(
            TableStatements.insert(into: target, tuples.joined(separator: ", ")) + " " + suffix,
            rows.flatMap { $0 }, logger: logger
        ).count
    }
}
