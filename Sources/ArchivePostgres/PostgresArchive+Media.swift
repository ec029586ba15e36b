import ArchiveCore
import Foundation
import Logging
import PostgresNIO

/// The media catalogue on PostgreSQL: the same records as the SQLite store's, shared by every worker
/// (the files are content-addressed in a folder they share, so two workers storing the same bytes write
/// the same name, and the catalogue keeps one row per hash).
extension PostgresArchive {
    public func pendingMedia(previews: Bool, avatars: Bool, retryFailed: Bool) async throws(ArchiveError)
        -> (jobs: [PendingMedia], skipped: Int)
    {
        let dialect = PostgresDialect()
        var wanted = try await decodingRows(MediaStatements.pendingOriginals) { row in
            PendingMedia(
                kind: "original",
                candidates: [
                    try row.optionalString("remote_url"),
                    try row.optionalString("url"),
                ].compactMap { $0 })
        }
        if previews {
            wanted += try await decodingRows(MediaStatements.pendingPreviews) {
                PendingMedia(kind: "preview", candidates: [try $0.string("preview_url")])
            }
        }
        if avatars {
            wanted += try await decodingRows(MediaStatements.pendingAvatars) {
                PendingMedia(kind: "avatar", candidates: [try $0.string("avatar")])
            }
            wanted += try await decodingRows(MediaStatements.pendingEmoji(dialect)) {
                PendingMedia(kind: "emoji", candidates: [try $0.string("u")])
            }
        }
        let failed = Set(try await decodingRows(MediaStatements.failedURLs) { try $0.string("url") })
        return PendingMedia.plan(wanted, failed: failed, retryFailed: retryFailed)
    }

    public func mediaExtension(sha256: String) async throws(ArchiveError) -> String? {
        try await decodingRows(PostgresDialect().statement(MediaStatements.fileExtension), [.text(sha256)]) {
            try $0.string("ext")
        }.first
    }

    public func recordMediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String,
        ext: String
    ) async throws(ArchiveError) -> Bool {
        let logger = self.logger
        return try await transaction { connection in
            try await Self.recordMediaStored(
                url: url, kind: kind, sha256: sha256, size: size, mime: mime, ext: ext,
                connection, logger)
        }
    }

    /// Records a file stored as the file of `url`, in the caller's transaction; whether the file is new
    /// to the catalogue. `fromFile`: an import's, which never replaces a URL's stored file
    /// (``MediaStatements/recordImported``).
    static func recordMediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String, ext: String, fromFile: Bool = false,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> Bool {
        let now = Self.now()
        let dialect = PostgresDialect()
        let inserted = try await connection.rows(
            dialect.statement(MediaStatements.insertFile) + " RETURNING sha256",
            [.text(sha256), .text(ext), .int(size), .text(mime), .text(now)],
            logger: logger)
        try await connection.execute(
            dialect.statement(fromFile ? MediaStatements.recordImported : MediaStatements.recordStored),
            [.text(url), .text(kind), .text(sha256), .text(mime), .text(now)], logger: logger)
        return !inserted.isEmpty
    }

    public func recordMediaFailure(
        url: String, kind: String, permanent: Bool, reason: String,
        httpStatus: Int?
    ) async throws(ArchiveError) {
        try await execute(
            PostgresDialect().statement(MediaStatements.recordFailure),
            [
                .text(url), .text(kind), .text(permanent ? "failed" : "retry"), .text(reason),
                .int(httpStatus.map(Int64.init)), .text(Self.now()),
            ])
    }

    public func storedMediaFiles() async throws(ArchiveError) -> [CataloguedFile] {
        try await decodingRows(MediaStatements.storedFiles(PostgresDialect()), [], Self.cataloguedFile)
    }

    public func mediaSources(sha256: String) async throws(ArchiveError) -> [(url: String, kind: String)] {
        try await decodingRows(PostgresDialect().statement(MediaStatements.sources), [.text(sha256)]) {
            (url: try $0.string("url"), kind: try $0.string("kind"))
        }
    }

    public func markMediaVerified(_ sha256: [String]) async throws(ArchiveError) {
        guard !sha256.isEmpty else { return }
        let dialect = PostgresDialect()
        try await execute(
            dialect.statement(MediaStatements.verified(dialect)), [.text(Self.now()), .textArray(sha256)])
    }

    public func mediaFile(forURL url: String) async throws(ArchiveError) -> CataloguedFile? {
        try await decodingRows(
            PostgresDialect().statement(MediaStatements.fileForURL), [.text(url)],
            Self.cataloguedFile
        ).first
    }

    public func forgetUnreferencedMedia(dryRun: Bool) async throws(ArchiveError)
        -> (forgotten: Int, unreferenced: [CataloguedFile])
    {
        let logger = self.logger
        return try await transaction(rollingBack: dryRun) { connection in
            let forgotten = try await connection.rows(
                MediaStatements.forgetUnreferenced(PostgresDialect()) + " RETURNING url", logger: logger
            ).count
            let orphans = try await connection.rows(MediaStatements.orphans, logger: logger).map(Self.cataloguedFile)
            let dialect = PostgresDialect()
            let hashes: [SQLValue] = [.textArray(orphans.map(\.sha256))]
            try await connection.execute(
                dialect.statement(MediaStatements.unlinkDownloads(dialect)), hashes, logger: logger)
            try await connection.execute(
                dialect.statement(MediaStatements.forgetFiles(dialect)), hashes, logger: logger)
            return (forgotten, orphans)
        }
    }

    static func cataloguedFile(_ row: PostgresRandomAccessRow) throws -> CataloguedFile {
        try row.decoded(as: CataloguedFile.self)
    }

    /// Runs a query and decodes each row.
    func decodingRows<T>(
        _ sql: String, _ binds: [SQLValue] = [],
        _ decode: (PostgresRandomAccessRow) throws -> T
    ) async throws(ArchiveError) -> [T] {
        let rows = try await rows(sql, binds)
        return try decoding { try rows.map(decode) }
    }
}
