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

    /// PostgreSQL keeps its own files sound; this checks what Icebox relies on: every status's word vector
    /// present for its text, and no reference pointing at a missing status. One entry per kind of damage.
    func integrityProblems() async throws(ArchiveError) -> [String] {
        let rows = try await rows(
            """
            SELECT
                (SELECT COUNT(*) FROM statuses WHERE reblog_uri IS NULL AND text <> '' AND search_words = ''::tsvector) AS unindexed,
                (SELECT COUNT(*) FROM status_ids si WHERE NOT EXISTS (SELECT 1 FROM statuses s WHERE s.id = si.status_id)) AS orphans
            """)
        guard let row = rows.first else { return ["the store returned nothing"] }
        let (unindexed, orphans) = try decoding { (Int(try row.integer("unindexed")), Int(try row.integer("orphans"))) }
        var problems: [String] = []
        if unindexed > 0 {
            problems.append(
                unindexed == 1
                    ? "1 status has text but no search words"
                    : "\(unindexed) statuses have text but no search words")
        }
        if orphans > 0 {
            problems.append(
                orphans == 1 ? "1 server id points at no status" : "\(orphans) server ids point at no status")
        }
        return problems
    }
}
