import ArchiveCore
import Foundation
import GRDB

/// The media tables (`schema/0003_media.sql`) on the archive's own pool: one pool per file, as GRDB
/// advises (the media archive used to open a second one).
extension ArchiveDatabase {
    public func pendingMedia(previews: Bool, avatars: Bool, retryFailed: Bool) async throws(ArchiveError)
        -> (jobs: [PendingMedia], skipped: Int)
    {
        try await read { db in
            var wanted: [PendingMedia] = try Row.fetchAll(db, sql: MediaStatements.pendingOriginals).map { row in
                PendingMedia(
                    kind: "original",
                    candidates: [row["remote_url"] as String?, row["url"] as String?].compactMap { $0 })
            }
            if previews {
                wanted += try String.fetchAll(db, sql: MediaStatements.pendingPreviews)
                    .map { PendingMedia(kind: "preview", candidates: [$0]) }
            }
            if avatars {
                wanted += try String.fetchAll(db, sql: MediaStatements.pendingAvatars)
                    .map { PendingMedia(kind: "avatar", candidates: [$0]) }
                wanted += try String.fetchAll(db, sql: MediaStatements.pendingEmoji(SQLiteDialect()))
                    .map { PendingMedia(kind: "emoji", candidates: [$0]) }
            }
            let failed = Set(try String.fetchAll(db, sql: MediaStatements.failedURLs))
            return PendingMedia.plan(wanted, failed: failed, retryFailed: retryFailed)
        }
    }

    public func mediaExtension(sha256: String) async throws(ArchiveError) -> String? {
        try await read { db in
            try String.fetchOne(db, sql: MediaStatements.fileExtension, arguments: [sha256])
        }
    }

    @discardableResult
    public func recordMediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String,
        ext: String
    ) async throws(ArchiveError) -> Bool {
        try await write { db in
            try Self.recordMediaStored(
                url: url, kind: kind, sha256: sha256, size: size, mime: mime,
                ext: ext, now: Self.now(), db)
        }
    }

    /// Records a stored file and the URL it is the file of, in the caller's transaction; true when the
    /// file was new to the catalogue. `fromFile`: an import's, which never replaces a URL's stored file
    /// (``MediaStatements/recordImported``).
    static func recordMediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String, ext: String,
        now: String, fromFile: Bool = false, _ db: Database
    ) throws -> Bool {
        try db.cachedStatement(sql: MediaStatements.insertFile).execute(arguments: [sha256, ext, size, mime, now])
        let isNew = db.changesCount > 0
        try db.cachedStatement(sql: fromFile ? MediaStatements.recordImported : MediaStatements.recordStored)
            .execute(arguments: [url, kind, sha256, mime, now])
        return isNew
    }

    public func recordMediaFailure(
        url: String, kind: String, permanent: Bool, reason: String,
        httpStatus: Int?
    ) async throws(ArchiveError) {
        try await write { db in
            try db.execute(
                sql: MediaStatements.recordFailure,
                arguments: [url, kind, permanent ? "failed" : "retry", reason, httpStatus, Self.now()])
        }
    }

    public func storedMediaFiles() async throws(ArchiveError) -> [CataloguedFile] {
        try await read { db in
            try Row.fetchAll(db, sql: MediaStatements.storedFiles(SQLiteDialect())).map(Self.cataloguedFile)
        }
    }

    public func mediaSources(sha256: String) async throws(ArchiveError) -> [(url: String, kind: String)] {
        let rows = try await read { db in
            try Row.fetchAll(db, sql: MediaStatements.sources, arguments: [sha256])
                .map { [$0["url"] as String, $0["kind"] as String] }
        }
        return rows.map { ($0[0], $0[1]) }
    }

    /// Records when files were found sound; an archive opened read-only (a read-only file, or a reader
    /// such as `doctor`) keeps no record, which is only bookkeeping.
    public func markMediaVerified(_ sha256: [String]) async throws(ArchiveError) {
        guard !sha256.isEmpty, !pool.configuration.readonly else { return }
        try await write { db in
            try db.execute(
                sql: MediaStatements.verified(SQLiteDialect()),
                arguments: [Self.now(), SQLArgument.texts(sha256).databaseValue])
        }
    }

    public func mediaFile(forURL url: String) async throws(ArchiveError) -> CataloguedFile? {
        try await read { db in
            try Row.fetchOne(db, sql: MediaStatements.fileForURL, arguments: [url]).map(Self.cataloguedFile)
        }
    }

    public func forgetUnreferencedMedia(dryRun: Bool) async throws(ArchiveError)
        -> (forgotten: Int, unreferenced: [CataloguedFile])
    {
        let result = try await write { db -> MediaCollection in
            var result = MediaCollection()
            try db.inSavepoint {
                try db.execute(sql: MediaStatements.forgetUnreferenced(SQLiteDialect()))
                result.forgotten = db.changesCount
                result.unreferenced = try Row.fetchAll(db, sql: MediaStatements.orphans).map(Self.cataloguedFile)
                let hashes = SQLArgument.texts(result.unreferenced.map(\.sha256)).databaseValue
                try db.execute(sql: MediaStatements.unlinkDownloads(SQLiteDialect()), arguments: [hashes])
                try db.execute(sql: MediaStatements.forgetFiles(SQLiteDialect()), arguments: [hashes])
                return dryRun ? .rollback : .commit
            }
            return result
        }
        return (result.forgotten, result.unreferenced)
    }

    private struct MediaCollection: Sendable {
        var forgotten = 0
        var unreferenced: [CataloguedFile] = []
    }

    private static func cataloguedFile(_ row: Row) throws -> CataloguedFile {
        try row.decoded(as: CataloguedFile.self)
    }
}
