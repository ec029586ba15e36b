import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

extension PostgresArchive {
    /// Stores a page in one transaction, with the SQLite store's rules (see `ArchiveDatabase.store`): the
    /// page first as a whole; when a row breaks a constraint, again row by row in savepoints, the broken
    /// rows kept unreadable with the reason.
    public func store(
        _ statuses: [ArchivableStatus], unreadable: [UnreadableStatus], origin: PageOrigin,
        cursor: CursorUpdate?
    ) async throws(ArchiveError) -> StoreResult {
        try await storePage(FetchedPage(statuses: statuses, unreadable: unreadable, origin: origin, cursor: cursor))
    }

    /// Stores one fetched page (with its notifications, when it is a page of notifications) in one
    /// transaction, as ``store(_:unreadable:origin:cursor:)`` says.
    func storePage(_ page: FetchedPage) async throws(ArchiveError) -> StoreResult {
        let origin = page.origin
        let logger = self.logger
        do {
            return try await transaction { connection in
                try await Self.checkFence(origin.fence, connection, logger)
                return try await connection.run(
                    .storingPages([page], now: Timestamp.now(), isolatingRows: false), logger: logger)[0]
            }
        } catch  where Self.isolable(error) {
            return try await transaction { connection in
                try await Self.checkFence(origin.fence, connection, logger)
                try await Self.lockForPageWrite(
                    PageRow.rows(page.statuses, server: origin.server).map(\.status.archiveURI), connection, logger)
                return try await connection.run(
                    .storingPages([page], now: Timestamp.now(), isolatingRows: true), logger: logger)[0]
            }
        }
    }

    /// Refuses the page unless its worker still holds the lease it is written under. The lease row stays
    /// locked until the page commits, so no other worker can claim the server in between.
    static func checkFence(_ fence: LeaseFence?, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard let fence else { return }
        let held = try await connection.rows(
            """
            SELECT 1 FROM server_leases WHERE server = $1 AND holder = $2 AND expires_at > now() FOR UPDATE
            """, [.text(fence.server), .text(fence.holder)], logger: logger)
        guard !held.isEmpty else {
            throw ArchiveError.conflict("the lease on \(fence.server) ran out; the worker that took it continues")
        }
    }

    /// Whether an error is one row's data breaking the archive's rules (integrity constraint violations,
    /// class 23, and data exceptions, class 22), rather than the store failing.
    static func isolable(_ error: ArchiveError) -> Bool {
        guard case .database(let message) = error else { return false }
        return message.contains("(SQLSTATE 23") || message.contains("(SQLSTATE 22")
    }

    /// Inserts a status, or updates it when a newer edit or a more authoritative copy arrived.
    static func upsert(
        _ page: PageRow, origin: PageOrigin, now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> StoreResult {
        let status = page.status
        let server = origin.server
        var result = StoreResult()
        let authorHandle = status.account.fullHandle(servedBy: server)
        let authority = CopyAuthority.of(status, servedBy: server, reading: origin.authority)
        var wroteRow = true
        let statusID: Int64
        let dialect = PostgresDialect()
        if let existing = try await connection.rows(
            dialect.statement(LookupStatements.held) + " FOR UPDATE",
            [.text(status.archiveURI)], logger: logger
        ).first {
            statusID = try existing.integer("id")
            let stored = CopyAuthority(rawValue: Int(try existing["raw_authority"].decode(Int16.self))) ?? .account
            let decision = CopyAuthority.decide(
                incoming: authority, incomingEdit: status.editedAt, incomingContent: status.content, stored: stored,
                storedEdit: try existing.optionalText("edited_at"), storedContent: try existing.text("content"),
                now: Date())
            switch decision {
            case .replaceAsEdit, .replaceFromBetterSource:
                let row = StatusRow(
                    status, raw: page.raw, server: server, authorHandle: authorHandle, authority: authority)
                if decision == .replaceAsEdit {
                    try await connection.execute(
                        dialect.statement(PageStoreStatements.keepVersion(dialect)), [.text(now), .int(statusID)],
                        logger: logger)
                } else {
                    try await connection.execute(
                        dialect.statement(PageStoreStatements.keepStoredCopy(dialect)), [.text(now), .int(statusID)],
                        logger: logger)
                }
                let marks = try await UserMarks.of(status, raw: page.raw, server: server, connection, logger)
                try await connection.execute(
                    StatusColumns.updateSQL, StatusColumns.values(row, marks: marks) + [.text(now), .int(statusID)],
                    logger: logger)
                try await run(.writingMedia(of: statusID, status), connection, logger)
                result.updated += 1
            case .keepAsCopy:
                try await connection.execute(
                    dialect.statement(PageStoreStatements.keepCopy),
                    [
                        .int(statusID), .text(server), .int(Int64(authority.rawValue)),
                        .text(status.editedAt.map(Timestamp.string) ?? ""), .bytes(page.raw), .text(now),
                    ], logger: logger)
                wroteRow = false
            case .none:
                wroteRow = false
            }
        } else {
            let row = StatusRow(status, raw: page.raw, server: server, authorHandle: authorHandle, authority: authority)
            let marks = try await UserMarks.of(status, raw: page.raw, server: server, connection, logger)
            guard
                let inserted = try await connection.rows(
                    StatusColumns.insertSQL, StatusColumns.values(row, marks: marks) + [.text(now)],
                    logger: logger
                ).first
            else {
                // Another worker stored the same post (from another server) a moment ago: it is a copy.
                return try await upsert(page, origin: origin, now: now, connection, logger)
            }
            statusID = try inserted.integer("id")
            try await run(.writingMedia(of: statusID, status), connection, logger)
            result.new += 1
        }
        if origin.recordsServerIDs {
            try await connection.execute(
                dialect.statement(PageStoreStatements.serverID),
                [
                    .text(server), .text(status.id), .int(statusID), .text(status.inReplyToID),
                    .bool(origin.idsFromFile),
                ],
                logger: logger)
        }
        if let timelineID = origin.timelineID {
            let added = try await connection.rows(
                dialect.statement(TimelineStatusStatements.record + " RETURNING status_id"),
                [.int(timelineID), .int(statusID), .text(now)], logger: logger)
            if result.new == 0, !added.isEmpty { result.newToTimeline += 1 }
        }
        // A history is asked for by the server's own id: never by one a file named.
        if wroteRow, !origin.idsFromFile, let editedAt = status.editedAt {
            try await connection.execute(
                dialect.statement(EditHistoryStatements.want),
                [.int(statusID), .text(server), .text(status.id), .text(Timestamp.string(editedAt)), .text(now)],
                logger: logger)
        }
        if page.writesAuthor {
            try await upsertAuthors([authorValues(page, origin: origin, now: now)], connection, logger)
        }
        return result
    }

    /// An author's row from a status of the page (see ``AuthorStatements``): the profile as last seen
    /// from a source at least as good, and whether it opted out of search; and the version it is (see
    /// ``AuthorVersionStatements``).
    static func authorValues(_ page: PageRow, origin: PageOrigin, now: String) -> AuthorRow {
        let account = page.status.account
        let handle = account.fullHandle(servedBy: origin.server)
        let authority = CopyAuthority.ofProfile(account, servedBy: origin.server, reading: origin.authority)
        return AuthorRow(
            profile: AuthorStatements.values(
                of: page.status, raw: page.raw, handle: handle, authority: authority, now: now
            ).map(SQLValue.init),
            version: AuthorStatements.versionValues(
                of: page.status, raw: page.raw, handle: handle, authority: authority, server: origin.server, now: now))
    }

    /// Upserts authors' rows and versions (see `authorValues`), a statement each.
    static func upsertAuthors(_ rows: [AuthorRow], _ connection: PostgresConnection, _ logger: Logger) async throws {
        _ = try await sendAuthors(rows.map(\.profile), versions: rows.map(\.version), connection, logger).answers()
    }

    /// Sends the upsert of authors' rows and of their versions (see `upsertAuthors`) without waiting for it.
    static func sendAuthors(
        _ rows: [[SQLValue]], versions: [[SQLArgument]], _ connection: PostgresConnection, _ logger: Logger
    ) -> [SentStatement] {
        sendMany(
            connection, logger, AuthorStatements.target, rows: rows,
            suffix: AuthorStatements.onConflict(PostgresDialect()))
            + sendMany(
                connection, logger, AuthorVersionStatements.target, rows: versions.map { $0.map(SQLValue.init) },
                suffix: AuthorVersionStatements.onConflict)
    }
}
