import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    /// Each record takes ten statements, one after the other: a page of twenty (`icebox serve`'s) waited
    /// for two hundred round trips in turn. Up to `concurrentRecords` statuses (a page, a thread) are read
    /// in a few transactions at once, on the pool's connections, each record whole in one; a larger set
    /// (an export) is read in one transaction, as one snapshot.
    public func exportRecords(_ numbers: [Int64]) async throws(ArchiveError) -> [ExportRecord] {
        guard numbers.count > 1, numbers.count <= Self.concurrentRecords else { return try await records(numbers) }
        let share = (numbers.count + Self.concurrentTransactions - 1) / Self.concurrentTransactions
        let parts = stride(from: 0, to: numbers.count, by: share).map {
            Array(numbers[$0..<min($0 + share, numbers.count)])
        }
        do {
            return try await withThrowingTaskGroup(of: (Int, [ExportRecord]).self) { group in
                for (index, part) in parts.enumerated() {
                    group.addTask { (index, try await self.records(part)) }
                }
                var read = [[ExportRecord]](repeating: [], count: parts.count)
                for try await (index, records) in group { read[index] = records }
                return read.flatMap { $0 }
            }
        } catch {
            throw Self.translate(error)
        }
    }

    /// Sets of statuses up to this size are read in `concurrentTransactions` at once.
    static let concurrentRecords = 64
    static let concurrentTransactions = 4

    /// The records of `numbers`, in order, in one transaction.
    private func records(_ numbers: [Int64]) async throws(ArchiveError) -> [ExportRecord] {
        let logger = self.logger
        return try await transaction { connection in
            var records: [ExportRecord] = []
            for number in numbers { records.append(try await Self.exportRecord(number, connection, logger)) }
            return records
        }
    }

    private static func exportRecord(
        _ number: Int64, _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws -> ExportRecord {
        let dialect = PostgresDialect()
        guard
            let row = try await connection.rows(
                dialect.statement(ExportStatements.status(dialect)), [.int(number)],
                logger: logger
            ).first
        else { throw ArchiveError.notFound("status \(number)") }
        let versions = try await connection.rows(
            dialect.statement(ExportStatements.earlierVersions), [.int(number)],
            logger: logger
        ).map { try $0.bytes("raw_json") }
        let editHistory = try await connection.rows(
            dialect.statement(EditHistoryStatements.versions), [.int(number)],
            logger: logger
        ).map { try $0.bytes("raw_json") }
        let attachments = try await connection.rows(
            dialect.statement(ExportStatements.attachments), [.int(number)],
            logger: logger
        ).map { row in
            ExportRecord.Attachment(
                position: Int(try row["position"].decode(Int32.self)),
                original: try storedFile(row, sha: "sha256", ext: "ext", mime: "mime", size: "size"),
                preview: try storedFile(
                    row, sha: "preview_sha256", ext: "preview_ext", mime: "preview_mime",
                    size: "preview_size"))
        }
        let avatar = try await connection.rows(
            dialect.statement(ExportStatements.avatar), [.int(number)],
            logger: logger
        ).first.flatMap { try storedFile($0, sha: "sha256", ext: "ext", mime: "mime", size: "size") }
        var record = ExportRecord(
            number: number, stored: try row.decoded(as: StoredStatus.self), earlierVersions: versions,
            editHistory: editHistory, attachments: attachments, avatar: avatar,
            boosts: try await boosts(of: number, connection, logger),
            emoji: try await emojiFiles(of: number, connection, logger))
        record.sources = try await provenance(of: number, connection, logger)
        return record
    }

    public func boosts(of number: Int64) async throws(ArchiveError) -> [ArchivedBoost] {
        let logger = self.logger
        return try await transaction { connection in try await Self.boosts(of: number, connection, logger) }
    }

    static func boosts(of number: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws
        -> [ArchivedBoost]
    {
        try await connection.rows(
            PostgresDialect().statement(ExportStatements.boosts), [.int(number)], logger: logger
        ).map { try $0.decoded(as: ArchivedBoost.self) }
    }

    /// The stored files of the custom emoji a status (or the post it boosts) uses, by shortcode.
    static func emojiFiles(
        of number: Int64, _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws -> [String: ExportRecord.StoredFile] {
        var files: [String: ExportRecord.StoredFile] = [:]
        for row in try await connection.rows(
            """
            SELECT e->>'shortcode' AS shortcode, f.sha256, f.ext, f.mime, f.size
            FROM statuses s
            CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(icebox_json(s.raw_json)->'reblog') = 'object'
                THEN icebox_json(s.raw_json)->'reblog'->'emojis' ELSE icebox_json(s.raw_json)->'emojis' END AS list) j
            CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.list) = 'array' THEN j.list ELSE '[]'::jsonb END) e
            JOIN media_downloads d ON d.url = e->>'url' AND d.state = 'stored'
            JOIN media_files f ON f.sha256 = d.sha256
            WHERE s.id = $1
            """, [.int(number)], logger: logger)
        {
            guard let shortcode = try row.optionalString("shortcode"),
                let file = try storedFile(row, sha: "sha256", ext: "ext", mime: "mime", size: "size")
            else { continue }
            files[shortcode] = file
        }
        return files
    }

    private static func storedFile(
        _ row: PostgresRandomAccessRow, sha: String, ext: String, mime: String,
        size: String
    ) throws -> ExportRecord.StoredFile? {
        guard let hash = try row.optionalString(sha), let suffix = try row.optionalString(ext) else { return nil }
        return ExportRecord.StoredFile(
            sha256: hash, ext: suffix, mime: try row.optionalString(mime) ?? "application/octet-stream",
            size: try row.optionalInt64(size) ?? 0)
    }

    // MARK: Totals and soundness

    public func stats() async throws(ArchiveError) -> ArchiveStats {
        let rows = try await rows(
            StatsStatements.totals(databaseBytes: "pg_database_size(current_database())"))
        guard let row = rows.first else { throw .database("the store returned no totals") }
        return try decoding { try row.decoded(as: ArchiveStats.self) }
    }

    /// PostgreSQL keeps its own files sound; this checks what Icebox relies on: every status's word vector
    /// present for its text, and no reference pointing at a missing status.
    public func integrityCheck() async throws(ArchiveError) -> String {
        let problems = try await integrityProblems()
        return problems.isEmpty ? "ok" : problems.joined(separator: "; ")
    }

    /// What `integrityCheck` finds, one entry per kind of damage.
    func integrityProblems() async throws(ArchiveError) -> [String] {
        let rows = try await rows(
            """
            SELECT
                (SELECT COUNT(*) FROM statuses WHERE reblog_uri IS NULL AND text <> '' AND search_words = ''::tsvector) AS unindexed,
                (SELECT COUNT(*) FROM status_ids si WHERE NOT EXISTS (SELECT 1 FROM statuses s WHERE s.id = si.status_id)) AS orphans
            """)
        guard let row = rows.first else { return ["the store returned nothing"] }
        let (unindexed, orphans) = try decoding { (try row.int("unindexed"), try row.int("orphans")) }
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

extension PostgresArchive {
    public func allStatusURIs() async throws(ArchiveError) -> [String] {
        let rows = try await rows(LookupStatements.allURIs(PostgresDialect()))
        return try decoding { try rows.map { try $0.string("uri") } }
    }

    public func rawJSON(uri: String) async throws(ArchiveError) -> Data? {
        let dialect = PostgresDialect()
        let rows = try await rows(dialect.statement(LookupStatements.rawJSON(byURI: dialect)), [.text(uri)])
        return try decoding { try rows.first?.bytes("raw_json") }
    }

    public func statusURIs(timelineID: Int64) async throws(ArchiveError) -> [String] {
        let dialect = PostgresDialect()
        let rows = try await rows(dialect.statement(TimelineStatusStatements.uris(dialect)), [.int(timelineID)])
        return try decoding { try rows.map { try $0.string("uri") } }
    }
}
