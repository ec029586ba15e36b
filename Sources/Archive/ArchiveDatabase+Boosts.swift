import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// The boosts of status `number` the archive holds (each a status of its own whose `reblog` is this
    /// post), oldest first. Only the boosts some archived timeline carried: not every boost there was.
    public func boosts(of number: Int64) async throws(ArchiveError) -> [ArchivedBoost] {
        try await read { db in try Self.boosts(of: number, db) }
    }

    static func boosts(of number: Int64, _ db: Database) throws -> [ArchivedBoost] {
        try Row.fetchAll(db, sql: ExportStatements.boosts, arguments: [number]).map {
            try $0.decoded(as: ArchivedBoost.self)
        }
    }

    /// The stored files of the custom emoji a status uses, by shortcode (only those the media archive
    /// kept, by the emoji's `url`). CROSS JOIN keeps SQLite from scanning every stored download and
    /// reading the status's JSON again for each: the emoji are read once and looked up by URL.
    static func emojiFiles(of number: Int64, _ db: Database) throws -> [String: ExportRecord.StoredFile] {
        var files: [String: ExportRecord.StoredFile] = [:]
        let json = "CAST(\(SQLiteDialect().rawJSON(of: "s")) AS TEXT)"
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT json_extract(e.value, '$.shortcode') AS shortcode, f.sha256, f.ext, f.mime, f.size
                FROM statuses s
                CROSS JOIN json_each(\(json), CASE WHEN json_type(\(json), '$.reblog') = 'object'
                    THEN '$.reblog.emojis' ELSE '$.emojis' END) e
                CROSS JOIN media_downloads d ON d.url = json_extract(e.value, '$.url')
                CROSS JOIN media_files f ON f.sha256 = d.sha256
                WHERE s.id = ? AND d.state = 'stored'
                """, arguments: [number])
        {
            guard let shortcode: String = row["shortcode"], let hash: String = row["sha256"],
                let ext: String = row["ext"]
            else {
                continue
            }
            files[shortcode] = ExportRecord.StoredFile(
                sha256: hash, ext: ext, mime: row["mime"] ?? "application/octet-stream",
                size: row["size"] ?? 0)
        }
        return files
    }
}
