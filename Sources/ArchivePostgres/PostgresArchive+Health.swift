import ArchiveCore
import Foundation

/// What `icebox doctor` asks a PostgreSQL store: PostgreSQL keeps its own files sound, so the check is
/// of what Icebox relies on; the warnings are what a team's administrator can mend.
extension PostgresArchive {
    public func healthCheck(full: Bool) async throws(ArchiveError) -> StoreCheck {
        StoreCheck(method: "search words and server ids", problems: try await integrityProblems())
    }

    public func healthWarnings() async throws(ArchiveError) -> [String] {
        var warnings: [String] = []
        if !phrasesByDate {
            warnings.append(
                "phrases are searched without the RUM index statuses_phrases_by_date (slow on a large "
                    + "store): a superuser can add the rum extension (package postgresql-NN-rum) and the "
                    + "index of schema/postgres/0014_phrases_index_for_phrases_only.sql")
        }
        // reset_val: what a new session starts with (the database's default), not this session's SET.
        let jit = try await rows("SELECT reset_val AS jit FROM pg_settings WHERE name = 'jit'").first
        if try decoding({ try jit?.optionalText("jit") }) == "on" {
            warnings.append(
                "new sessions JIT-compile large queries, which can add half a second to a search: "
                    + "the database's owner can run ALTER DATABASE … SET jit = off")
        }
        let stale = try await rows(
            """
            SELECT server, holder, expires_at::text AS expired FROM server_leases
            WHERE holder IS NOT NULL AND expires_at < now() ORDER BY server
            """)
        for row in stale {
            let (server, holder, expired) = try decoding {
                (try row.text("server"), try row.text("holder"), try row.text("expired"))
            }
            warnings.append(
                "the lease on \(server) expired at \(expired) without being given back (worker \(holder) "
                    + "stopped mid-run); the next worker takes the server, and nothing it stored is lost")
        }
        return warnings
    }

    public func schemaState() async throws(ArchiveError) -> SchemaState {
        let rows = try await rows("SELECT name FROM icebox_schema ORDER BY name")
        let applied = try decoding { try rows.map { try $0.text("name") } }
        return SchemaState(applied: applied, known: embeddedMigrations.map(\.name))
    }
}
