import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    /// The records of a set of distinct statuses, by number, read in `connection`'s transaction: each kind
    /// of row (the statuses, their earlier versions, edit histories, attachments, avatars, boosts, emoji and
    /// provenance) in one statement for the whole set, grouped here by status, so a set costs ten round
    /// trips whatever its size. A number the archive does not hold has no record.
    static func exportRecords(
        ofAny numbers: [Int64], _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> [Int64: ExportRecord] {
        let dialect = PostgresDialect()
        let statuses = try await connection.rows(
            dialect.statement(ExportStatements.statuses(ofAny: dialect)), [.intArray(numbers)], logger: logger)
        let versions = try await connection.grouped(
            ExportStatements.earlierVersions(ofAny: dialect), numbers, logger
        ) { try $0.bytes("raw_json") }
        let editHistories = try await connection.grouped(
            ExportStatements.editHistories(ofAny: dialect), numbers, logger
        ) { try $0.bytes("raw_json") }
        let attachments = try await connection.grouped(
            ExportStatements.attachments(ofAny: dialect), numbers, logger
        ) { row in
            ExportRecord.Attachment(
                position: Int(try row["position"].decode(Int32.self)),
                original: try storedFile(row, sha: "sha256", ext: "ext", mime: "mime", size: "size"),
                preview: try storedFile(
                    row, sha: "preview_sha256", ext: "preview_ext", mime: "preview_mime",
                    size: "preview_size"))
        }
        let avatars = try await connection.grouped(ExportStatements.avatars(ofAny: dialect), numbers, logger) {
            try storedFile($0, sha: "sha256", ext: "ext", mime: "mime", size: "size")
        }
        let boosts = try await boosts(ofAny: numbers, connection, logger)
        let emoji = try await emojiFiles(ofAny: numbers, connection, logger)
        let sources = try await provenance(ofAny: numbers, connection, logger)
        var records: [Int64: ExportRecord] = [:]
        for row in statuses {
            let number = try row.int64("status_id")
            var record = ExportRecord(
                number: number, stored: try row.decoded(as: StoredStatus.self),
                earlierVersions: versions[number] ?? [], editHistory: editHistories[number] ?? [],
                attachments: attachments[number] ?? [], avatar: avatars[number]?.first ?? nil,
                boosts: boosts[number] ?? [], emoji: emoji[number] ?? [:])
            record.sources = sources[number] ?? []
            records[number] = record
        }
        return records
    }

    /// The archived boosts of a set of posts, by number, each post's oldest first.
    static func boosts(ofAny numbers: [Int64], _ connection: PostgresConnection, _ logger: Logger) async throws
        -> [Int64: [ArchivedBoost]]
    {
        try await connection.grouped(ExportStatements.boosts(ofAny: PostgresDialect()), numbers, logger) {
            try $0.decoded(as: ArchivedBoost.self)
        }
    }

    /// The stored files of the custom emoji each status of a set (or the post it boosts) uses, by number,
    /// then by shortcode.
    static func emojiFiles(
        ofAny numbers: [Int64], _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> [Int64: [String: ExportRecord.StoredFile]] {
        var files: [Int64: [String: ExportRecord.StoredFile]] = [:]
        for row in try await connection.rows(
            """
            SELECT s.id AS status_id, e->>'shortcode' AS shortcode, f.sha256, f.ext, f.mime, f.size
            FROM statuses s
            CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(icebox_json(s.raw_json)->'reblog') = 'object'
                THEN icebox_json(s.raw_json)->'reblog'->'emojis' ELSE icebox_json(s.raw_json)->'emojis' END AS list) j
            CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.list) = 'array' THEN j.list ELSE '[]'::jsonb END) e
            JOIN media_downloads d ON d.url = e->>'url' AND d.state = 'stored'
            JOIN media_files f ON f.sha256 = d.sha256
            WHERE s.id = ANY($1)
            """, [.intArray(numbers)], logger: logger)
        {
            guard let shortcode = try row.optionalString("shortcode"),
                let file = try storedFile(row, sha: "sha256", ext: "ext", mime: "mime", size: "size")
            else { continue }
            files[try row.int64("status_id"), default: [:]][shortcode] = file
        }
        return files
    }

    static func storedFile(
        _ row: PostgresRandomAccessRow, sha: String, ext: String, mime: String,
        size: String
    ) throws -> ExportRecord.StoredFile? {
        guard let hash = try row.optionalString(sha), let suffix = try row.optionalString(ext) else { return nil }
        return ExportRecord.StoredFile(
            sha256: hash, ext: suffix, mime: try row.optionalString(mime) ?? "application/octet-stream",
            size: try row.optionalInt64(size) ?? 0)
    }
}
