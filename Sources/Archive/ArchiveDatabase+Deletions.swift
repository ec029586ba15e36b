import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    public func recordGone(
        _ numbers: [Int64], reportedBy server: String, at date: Date,
        via source: DeletionSource
    ) async throws(ArchiveError) -> DeletionAuthority.Outcome {
        try await write { db -> DeletionAuthority.Outcome in
            let hosts = try Self.accountHosts(db)
            var posts: [(number: Int64, key: String)] = []
            for number in numbers {
                if let key = try String.fetchOne(
                    db.cachedStatement(sql: LookupStatements.select("uri", where: "id")),
                    arguments: [number])
                {
                    posts.append((number, key))
                }
            }
            let (authoritative, copiesOnly) = DeletionAuthority.split(posts, reportedBy: server, accountHosts: hosts)
            var outcome = DeletionAuthority.Outcome()
            let arguments: (Int64) -> StatementArguments = { [Timestamp.string(date), source.rawValue, $0] }
            for number in authoritative {
                try db.cachedStatement(sql: DeletionStatements.markGone("id = ?3")).execute(
                    arguments: arguments(number))
                outcome.marked += db.changesCount
            }
            for number in copiesOnly {
                try db.cachedStatement(sql: DeletionStatements.markCopiesGone("status_id = ?3"))
                    .execute(arguments: arguments(number) + [server])
                outcome.copiesOnly += db.changesCount > 0 ? 1 : 0
            }
            return outcome
        }
    }

    /// The `host[:port]` of every server one of the user's accounts is on (``DeletionAuthority``).
    static func accountHosts(_ db: Database) throws -> Set<String> {
        DeletionAuthority.accountHosts(try String.fetchAll(db.cachedStatement(sql: DeletionStatements.accountServers)))
    }

    /// Removes the text and media links of every gone status not yet redacted, and of the boosts of
    /// them, keeping tombstones. The bytes go for good: deleted content is overwritten (`secure_delete`),
    /// the full-text indexes are rebuilt without it and the write-ahead log is emptied. Returns how many
    /// rows were redacted.
    @discardableResult
    public func redactGone() async throws(ArchiveError) -> Int {
        let now = Self.now()
        let redacted = try await write { db -> Int in
            try db.execute(sql: "PRAGMA secure_delete = ON")
            let rows = try Row.fetchAll(db, sql: DeletionStatements.toRedact(SQLiteDialect()))
            var links = Set<String>()
            for row in rows {
                let id: Int64 = row["id"]
                for link in try Row.fetchAll(db, sql: DeletionStatements.mediaLinks, arguments: [id]) {
                    for column in ["url", "remote_url", "preview_url"] {
                        if let url: String = link[column] { links.insert(url) }
                    }
                }
                let raw: Data = row["raw_json"]
                // The redacted JSON is kept whole: the account object cut out of the old one is no longer named.
                try db.cachedStatement(sql: Self.redactStatement).execute(arguments: [
                    Redaction.redacted(raw, uri: row["uri"]), now, id,
                ])
                // A status first kept unreadable holds its bytes there too.
                try db.cachedStatement(sql: DeletionStatements.forgetUnreadable).execute(arguments: [id])
                for table in DeletionStatements.redactedTables {
                    try db.cachedStatement(sql: DeletionStatements.forgetRows(in: table)).execute(arguments: [id])
                }
            }
            guard !rows.isEmpty else { return 0 }
            // The media links themselves (their URLs may name the post) unless another post still has them;
            // the files follow with `icebox media gc`.
            for url in links {
                try db.cachedStatement(sql: DeletionStatements.forgetLink).execute(arguments: [url])
            }
            // FTS5 only records a deletion beside the old entries; merging the segments drops them.
            try db.execute(sql: FullTextIndex.words.command("optimize"))
            try db.execute(sql: FullTextIndex.pieces.command("optimize"))
            return rows.count
        }
        if redacted > 0 {
            // The log still holds the pages as they were before: write them back and empty it.
            do {
                try await pool.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA secure_delete = ON")
                    _ = try db.checkpoint(.truncate)
                }
            } catch {
                throw .database(Self.describe(error))
            }
        }
        return redacted
    }

    /// Redacts a row (see `DeletionStatements.redact`), its raw JSON then whole (see `StoredRawJSON`).
    private static let redactStatement = DeletionStatements.redact(
        alsoClearing: "raw_account = NULL, raw_account_at = NULL, ")
}
