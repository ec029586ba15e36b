import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// The export records of `numbers`, in the same order; a number the archive lacks is an error.
    public func exportRecords(_ numbers: [Int64]) async throws(ArchiveError) -> [ExportRecord] {
        try await read { db in try numbers.map { try Self.exportRecord($0, db) } }
    }

    /// The archived posts of a pinned timeline (boosts stand for the post they boost, once), newest
    /// first, created in `[since, until)` when given (Mastodon's date format, or a prefix of it). With
    /// `consent` honoured, the posts of accounts that opted out of search are left out (see `ConsentPolicy`).
    public func timelineNumbers(
        timelineID: Int64, since: String?, until: String?,
        consent: ConsentPolicy
    ) async throws(ArchiveError) -> [Int64] {
        try await read { db in
            let consentCondition = try Self.hidesOptedOut(consent, db) ? "AND " + ConsentPolicy.condition(on: "p") : ""
            return try Int64.fetchAll(
                db, sql: TimelineStatusStatements.posts(consentCondition), arguments: [timelineID, since, until])
        }
    }

    private static func exportRecord(_ number: Int64, _ db: Database) throws -> ExportRecord {
        guard let row = try Row.fetchOne(db, sql: ExportStatements.status(SQLiteDialect()), arguments: [number])
        else { throw ArchiveError.notFound("status \(number)") }
        let versions = try Data.fetchAll(db, sql: ExportStatements.earlierVersions, arguments: [number])
        let editHistory = try Data.fetchAll(db, sql: EditHistoryStatements.versions, arguments: [number])
        let attachments = try Row.fetchAll(db, sql: ExportStatements.attachments, arguments: [number]).map { row in
            ExportRecord.Attachment(
                position: row["position"],
                original: storedFile(row, sha: "sha256", ext: "ext", mime: "mime", size: "size"),
                preview: storedFile(
                    row, sha: "preview_sha256", ext: "preview_ext", mime: "preview_mime",
                    size: "preview_size"))
        }
        let avatar = try Row.fetchOne(db, sql: ExportStatements.avatar, arguments: [number]).flatMap {
            storedFile($0, sha: "sha256", ext: "ext", mime: "mime", size: "size")
        }
        var record = ExportRecord(
            number: number, stored: try row.decoded(as: StoredStatus.self), earlierVersions: versions,
            editHistory: editHistory, attachments: attachments, avatar: avatar, boosts: try boosts(of: number, db),
            emoji: try emojiFiles(of: number, db))
        record.sources = try provenance(of: number, db)
        return record
    }

    private static func storedFile(_ row: Row, sha: String, ext: String, mime: String, size: String) -> ExportRecord
        .StoredFile?
    {
        guard let hash: String = row[sha], let suffix: String = row[ext] else { return nil }
        return ExportRecord.StoredFile(
            sha256: hash, ext: suffix, mime: row[mime] ?? "application/octet-stream",
            size: row[size] ?? 0)
    }
}
