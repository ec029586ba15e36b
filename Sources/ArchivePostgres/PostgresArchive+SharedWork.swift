import ArchiveCore
import Foundation
import PostgresNIO

/// Leases and budgets on PostgreSQL: `FOR UPDATE SKIP LOCKED` picks a server no other worker is
/// claiming at the same moment; the lease's expiry (not a held lock) decides who owns it, so a worker
/// killed with kill -9 holds nothing once its lease runs out.
extension PostgresArchive: SharedWork {
    public func beginRound() async throws(ArchiveError) -> WorkRound {
        let began = try await decodingRows(
            """
            SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::int8 AS began
            """, []
        ) { row in try row["began"].decode(Int64.self) }.first
        guard let began else { throw ArchiveError.database("the store did not say what time it is") }
        return WorkRound(began: began)
    }

    public func claimServer(
        among servers: [String], holder: String, for duration: Duration,
        round: WorkRound
    ) async throws(ArchiveError) -> String? {
        guard !servers.isEmpty else { return nil }
        let logger = self.logger
        return try await transaction { connection in
            try await connection.execute(
                """
                INSERT INTO server_leases(server) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING
                """, [.textArray(servers)], logger: logger)
            return try await connection.rows(
                """
                UPDATE server_leases SET holder = $2, claimed_at = now(),
                    expires_at = now() + make_interval(secs => $3)
                WHERE server = (
                    SELECT server FROM server_leases
                    WHERE server = ANY($1::text[]) AND (holder IS NULL OR expires_at < now() OR holder = $2)
                        AND (last_done_at IS NULL
                             OR last_done_at < timestamptz 'epoch' + $4::int8 * interval '1 microsecond')
                    ORDER BY last_done_at NULLS FIRST, server
                    LIMIT 1 FOR UPDATE SKIP LOCKED)
                RETURNING server
                """, [.textArray(servers), .text(holder), .double(duration.seconds), .int(round.began)],
                logger: logger
            ).first?.text("server")
        }
    }

    public func renewLease(server: String, holder: String, for duration: Duration) async throws(ArchiveError) -> Bool {
        let renewed = try await rows(
            """
            UPDATE server_leases SET expires_at = now() + make_interval(secs => $3)
            WHERE server = $1 AND holder = $2 AND expires_at >= now() RETURNING server
            """, [.text(server), .text(holder), .double(duration.seconds)])
        return !renewed.isEmpty
    }

    public func releaseLease(server: String, holder: String) async throws(ArchiveError) {
        try await execute(
            """
            UPDATE server_leases SET holder = NULL, expires_at = NULL, last_done_at = now()
            WHERE server = $1 AND holder = $2
            """, [.text(server), .text(holder)])
    }

    public func savedBudget(server: String, client: String) async throws(ArchiveError) -> SavedBudget? {
        try await decodingRows(
            """
            SELECT limit_count, remaining, extract(epoch FROM reset_at)::float8 AS reset
            FROM rate_budgets WHERE server = $1 AND client = $2
            """, [.text(server), .text(client)]
        ) { row in try Self.budget(row) }.first
    }

    public func savedBudgets() async throws(ArchiveError) -> [KeptBudget] {
        try await decodingRows(
            """
            SELECT server, client, limit_count, remaining, extract(epoch FROM reset_at)::float8 AS reset
            FROM rate_budgets ORDER BY server, client
            """, []
        ) { row in
            KeptBudget(
                server: try row["server"].decode(String.self), client: try row["client"].decode(String.self),
                budget: try Self.budget(row))
        }
    }

    /// A budget from its row's `limit_count`, `remaining` and `reset` (seconds since 1970).
    private static func budget(_ row: PostgresRandomAccessRow) throws -> SavedBudget {
        SavedBudget(
            limit: try row["limit_count"].decode(Int32?.self).map(Int.init),
            remaining: try row["remaining"].decode(Int32?.self).map(Int.init),
            reset: try row.optionalReal("reset").map(Date.init(timeIntervalSince1970:)))
    }

    public func saveBudget(_ budget: SavedBudget, server: String, client: String) async throws(ArchiveError) {
        try await execute(
            """
            INSERT INTO rate_budgets(server, client, limit_count, remaining, reset_at, updated_at)
            VALUES ($1, $2, $3, $4, to_timestamp($5), now())
            ON CONFLICT(server, client) DO UPDATE SET limit_count = excluded.limit_count,
                remaining = excluded.remaining, reset_at = excluded.reset_at, updated_at = excluded.updated_at
            """,
            [
                .text(server), .text(client), .int(budget.limit.map(Int64.init)),
                .int(budget.remaining.map(Int64.init)),
                .double(budget.reset?.timeIntervalSince1970),
            ])
    }

    public func waitForWork(timeout: Duration) async {
        let logger = self.logger
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: timeout) }
            group.addTask { [client] in
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: "icebox_work") { notifications in
                            for try await _ in notifications { return }
                        }
                    }
                    logger.debug("woken: a timeline was pinned")
                } catch {
                    // No notifications (the connection failed): wait the whole timeout, never spin.
                    logger.debug("cannot listen for new timelines", metadata: ["error": "\(error)"])
                    try? await Task.sleep(for: timeout)
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
