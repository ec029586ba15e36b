import Foundation
import GRDB
import Models

/// What storing a page changed.
public struct StoreResult: Sendable, Hashable {
    /// Statuses the archive did not have.
    public var new = 0
    /// Statuses whose edit arrived (the earlier version is kept in `status_versions`).
    public var updated = 0
    /// Statuses already archived that this timeline had not recorded yet.
    public var newToTimeline = 0

    public init() {}

    public static func += (lhs: inout StoreResult, rhs: StoreResult) {
        lhs.new += rhs.new
        lhs.updated += rhs.updated
        lhs.newToTimeline += rhs.newToTimeline
    }
}

extension ArchiveDatabase {
    /// Stores one page of a timeline and moves its cursors, in one transaction: a crash loses at
    /// most this page, and the cursor never points past what was stored.
    ///
    /// - Parameter server: the host the statuses came from (their ids are that server's).
    public func store(_ statuses: [ArchivableStatus], server: String, timelineID: Int64,
                      cursor: CursorUpdate) async throws(ArchiveError) -> StoreResult {
        let rows = Self.pageRows(statuses, server: server)
        return try await write { db in
            let result = try Self.upsert(rows, server: server, timelineID: timelineID, db)
            try Self.apply(cursor, timelineID: timelineID, db)
            return result
        }
    }

    /// Stores statuses read outside any timeline (a thread's context), in one transaction.
    public func store(_ statuses: [ArchivableStatus], server: String) async throws(ArchiveError) -> StoreResult {
        let rows = Self.pageRows(statuses, server: server)
        return try await write { db in try Self.upsert(rows, server: server, timelineID: nil, db) }
    }

    /// A status of a page as it is stored, and whether it writes its author's profile.
    struct PageRow: Sendable {
        var status: Status
        var raw: Data
        var writesAuthor: Bool
    }

    /// A page's statuses (boosted posts with their boosts), oldest first. Each author's profile is
    /// written once per page, not once per status: from their first status in the page as the server
    /// sent it (a boosted post before its boost), the newest. Oldest first, the full-text indexes (keyed
    /// by date) take the page's rows in rising rowid order, and FTS5 writes out what it holds whenever a
    /// rowid is lower than the one before.
    static func pageRows(_ statuses: [ArchivableStatus], server: String) -> [PageRow] {
        var rows: [PageRow] = []
        var authors = Set<String>()
        func add(_ status: Status, _ raw: Data) {
            rows.append(PageRow(status: status, raw: raw,
                                writesAuthor: authors.insert(status.account.fullHandle(servedBy: server)).inserted))
        }
        for item in statuses {
            if let boosted = item.status.reblog { add(boosted, item.rawReblog ?? Data()) }
            add(item.status, item.raw)
        }
        return rows.enumerated()
            .sorted { ($0.element.status.createdAt, $0.offset) < ($1.element.status.createdAt, $1.offset) }.map(\.element)
    }

    /// Upserts prepared rows, in order.
    private static func upsert(_ rows: [PageRow], server: String, timelineID: Int64?, _ db: Database) throws -> StoreResult {
        var result = StoreResult()
        let now = Self.now()
        for row in rows {
            result += try upsert(row.status, raw: row.raw, server: server, timelineID: timelineID, now: now,
                                 writesAuthor: row.writesAuthor, db)
        }
        return result
    }

    /// Inserts a status, or updates it when an edit arrived; records its id on `server` and the timeline,
    /// and the author's profile when `writesAuthor`.
    static func upsert(_ status: Status, raw: Data, server: String, timelineID: Int64?, now: String,
                       writesAuthor: Bool, _ db: Database) throws -> StoreResult {
        var result = StoreResult()
        let statusID: Int64
        let authorHandle = status.account.fullHandle(servedBy: server)
        if let existing = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT id, edited_at FROM statuses WHERE uri = ?"), arguments: [status.archiveURI]) {
            statusID = existing["id"]
            let storedEdit: String? = existing["edited_at"]
            // The row (its text rendering included) is only built when there is something to write.
            if let newEdit = status.editedAt.map(Timestamp.string), storedEdit.map({ newEdit > $0 }) ?? true {
                let row = StatusRow(status, raw: raw, server: server, authorHandle: authorHandle)
                try db.cachedStatement(sql: """
                    INSERT INTO status_versions(status_id, edited_at, raw_json, replaced_at)
                    SELECT id, edited_at, raw_json, ? FROM statuses WHERE id = ?
                    """).execute(arguments: [now, statusID])
                var arguments = row.arguments
                arguments += [now, row.sortFloor]
                arguments += row.sortArguments
                arguments += [statusID]
                try db.cachedStatement(sql: StatusRow.updateSQL).execute(arguments: arguments)
                try replaceMedia(of: statusID, status, db)
                result.updated += 1
            }
        } else {
            let row = StatusRow(status, raw: raw, server: server, authorHandle: authorHandle)
            var arguments = row.arguments
            arguments += [now, now]
            arguments += row.sortArguments
            try db.cachedStatement(sql: StatusRow.insertSQL).execute(arguments: arguments)
            statusID = db.lastInsertedRowID
            try replaceMedia(of: statusID, status, db)
            result.new += 1
        }
        try db.cachedStatement(sql: """
            INSERT INTO status_ids(server, local_id, status_id, in_reply_to_id) VALUES (?, ?, ?, ?)
            ON CONFLICT(server, local_id) DO UPDATE SET status_id = excluded.status_id,
                in_reply_to_id = excluded.in_reply_to_id
            """).execute(arguments: [server, status.id, statusID, status.inReplyToID])
        if let timelineID {
            try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO timeline_statuses(timeline_id, status_id, first_seen_at) VALUES (?, ?, ?)
                """).execute(arguments: [timelineID, statusID, now])
            if result.new == 0, db.changesCount > 0 { result.newToTimeline += 1 }
        }
        if writesAuthor {
            try upsertAuthor(status.account, raw: raw, handle: authorHandle, now: now, db)
        }
        return result
    }

    private static func replaceMedia(of statusID: Int64, _ status: Status, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM media_attachments WHERE status_id = ?").execute(arguments: [statusID])
        for (position, media) in status.mediaAttachments.enumerated() {
            try db.cachedStatement(sql: """
                INSERT INTO media_attachments(status_id, position, media_id, type, url, preview_url, remote_url,
                    description, blurhash, width, height) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [statusID, position, media.id, media.type.rawValue, media.url, media.previewURL,
                                 media.remoteURL, media.description, media.blurhash,
                                 media.meta?.original?.width, media.meta?.original?.height])
        }
    }

    /// Keeps the author's profile as last seen; the account JSON is sliced from the status bytes.
    private static func upsertAuthor(_ account: Account, raw status: Data, handle: String, now: String,
                                     _ db: Database) throws {
        let raw = (try? RawJSON.value(forKey: "account", inObject: status)) ?? Data()
        try db.cachedStatement(sql: """
            INSERT INTO authors(handle, uri, url, display_name, avatar, raw_json, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(handle) DO UPDATE SET uri = excluded.uri, url = excluded.url,
                display_name = excluded.display_name, avatar = excluded.avatar, raw_json = excluded.raw_json,
                updated_at = excluded.updated_at
            WHERE authors.raw_json IS NOT excluded.raw_json
            """).execute(arguments: [handle, account.uri, account.url, account.displayName, account.avatar, raw, now])
    }
}
