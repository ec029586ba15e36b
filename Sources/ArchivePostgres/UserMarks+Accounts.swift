import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

/// The PostgreSQL writer's side of the user's marks (see `UserMarks`): the archiving accounts a copy's
/// mentions are compared with, read from the connection that writes the row.
extension UserMarks {
    /// The marks `status`'s copy carries by itself, with the archiving accounts read from `connection`
    /// only when it mentions anyone (`accounts`: those read already for a batch).
    static func of(
        _ status: Status, raw: Data, server: String, accounts: [(handle: String, url: String?)]? = nil,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> UserMarks {
        guard !status.mentions.isEmpty else { return of(status, raw: raw, server: server, accounts: []) }
        if let accounts { return of(status, raw: raw, server: server, accounts: accounts) }
        return of(status, raw: raw, server: server, accounts: try await archivingAccounts(connection, logger))
    }

    /// The archiving accounts' handles and profile URLs (removed ones too: what they did stays theirs).
    static func archivingAccounts(_ connection: PostgresConnection, _ logger: Logger) async throws
        -> [(handle: String, url: String?)]
    {
        try await connection.rows(accountsStatement, logger: logger).map {
            (try $0.text("handle"), try $0.optionalText("url"))
        }
    }
}
