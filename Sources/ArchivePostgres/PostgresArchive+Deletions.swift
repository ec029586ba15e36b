import ArchiveCore
import Logging
import PostgresNIO

extension PostgresArchive {
    /// The `host[:port]` of every server one of the user's accounts is on (``DeletionAuthority``), in the
    /// page store's transaction (the deletion flows read it in theirs, see `ArchiveStore+Deletions.swift`).
    static func accountHosts(_ connection: PostgresConnection, _ logger: Logger) async throws -> Set<String> {
        try await run(.accountHosts, connection, logger)
    }
}
