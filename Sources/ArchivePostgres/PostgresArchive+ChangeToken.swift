import ArchiveCore
import Foundation

extension PostgresArchive {
    /// The server's write-ahead log position: every commit that changes a row moves it forward (so does
    /// a write to another database of the cluster: the token errs towards "changed"). A standby, which
    /// cannot tell its own position this way, gives no token.
    public func changeToken() async throws(ArchiveError) -> String? {
        do {
            return try await decodingRows("SELECT pg_current_wal_lsn()::text AS position") { row in
                try row["position"].decode(String.self)
            }.first
        } catch {
            return nil
        }
    }
}
