import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

extension PostgresArchive {
    /// Writes a status's row (see ``StatusWrite``) with the marks the copy carries by itself: a new row
    /// (`nil` when another worker inserted the same post a moment ago), or the row rewritten in place.
    static func writeStatus(_ write: StatusWrite, _ connection: PostgresConnection, _ logger: Logger) async throws
        -> Int64?
    {
        let status = write.row.status
        let accounts = try await connection.run(UserMarks.accounts(mentionedIn: [status]), logger: logger)
        let marks = UserMarks.of(status, raw: write.row.raw, server: write.origin.server, accounts: accounts)
        let values = StatusColumns.values(write.columns, marks: marks) + [.text(write.now)]
        if let id = write.replacing {
            try await connection.execute(StatusColumns.updateSQL, values + [.int(id)], logger: logger)
            return id
        }
        return try await connection.rows(StatusColumns.insertSQL, values, logger: logger).first?.integer("id")
    }

    /// Stores a status on its own (see ``TransactionPlan/upserting(_:origin:now:_:)``).
    static func upsert(
        _ row: PageRow, origin: PageOrigin, now: String, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> StoreResult {
        try await connection.run(.upserting(row, origin: origin, now: now, PostgresDialect()), logger: logger)
    }

    /// An author's row from a status of the page (see ``AuthorStatements``): the profile as last seen
    /// from a source at least as good, and whether it opted out of search; and the version it is (see
    /// ``AuthorVersionStatements``).
    static func authorValues(_ page: PageRow, origin: PageOrigin, now: String) -> AuthorRow {
        let rows = page.authorRows(from: origin, now: now)
        return AuthorRow(profile: rows.profile.map(SQLValue.init), version: rows.version)
    }

    /// Sends the upsert of authors' rows and of their versions (see `authorValues`) without waiting for it.
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
