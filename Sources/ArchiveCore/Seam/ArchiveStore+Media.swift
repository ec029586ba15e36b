import Foundation

/// The media catalogue (``MediaCatalogue``, `schema/0003_media.sql`), written once over the store's
/// ``StoreExecutor``: the same records on both stores, shared by every worker of a PostgreSQL store (the
/// files are content-addressed in a folder they share, so two workers storing the same bytes write the
/// same name, and the catalogue keeps one row per hash).
extension ArchiveStore {
    /// What is still missing (attachments; the archiving accounts' own profile images; previews, and
    /// every author's avatar, header and emoji, as asked), and how many things were left alone because
    /// every URL failed before. Each kind is a read of its own, not one snapshot: a file recorded between
    /// them is fetched again or skipped once, which the next fetch puts right.
    public func pendingMedia(previews: Bool, avatars: Bool, retryFailed: Bool) async throws(ArchiveError)
        -> (jobs: [PendingMedia], skipped: Int)
    {
        var wanted = try await executor.fetch(SQLStatement(MediaStatements.pendingOriginals)) { row in
            PendingMedia(
                kind: "original",
                candidates: [try row.optionalText("remote_url"), try row.optionalText("url")].compactMap { $0 })
        }
        // Profile versions' avatars and headers (issue 44): the archiving accounts' own always, every
        // author's when avatars are asked for.
        for image in ProfileMediaStatements.Image.allCases {
            wanted += try await pending(
                image.rawValue, in: "u", of: ProfileMediaStatements.pending(image, ownOnly: !avatars))
        }
        if previews {
            wanted += try await pending("preview", in: "preview_url", of: MediaStatements.pendingPreviews)
        }
        if avatars {
            wanted += try await pending("avatar", in: "avatar", of: MediaStatements.pendingAvatars)
            wanted += try await pending("emoji", in: "u", of: MediaStatements.pendingEmoji(executor.dialect))
        }
        let failed = Set(try await executor.fetch(SQLStatement(MediaStatements.failedURLs)) { try $0.text("url") })
        return PendingMedia.plan(wanted, failed: failed, retryFailed: retryFailed)
    }

    /// The things of one kind a statement lists, by the URL in `column`.
    private func pending(_ kind: String, in column: String, of sql: String) async throws(ArchiveError)
        -> [PendingMedia]
    {
        try await executor.fetch(SQLStatement(sql)) { PendingMedia(kind: kind, candidates: [try $0.text(column)]) }
    }

    /// The extension already used for these bytes, so one hash is always one file name.
    public func mediaExtension(sha256: String) async throws(ArchiveError) -> String? {
        try await executor.fetchFirst(SQLStatement(MediaStatements.fileExtension, .text(sha256))) {
            try $0.text("ext")
        }
    }

    /// Records a stored file and the URL it came from, in one transaction; true when the file was new to
    /// the catalogue.
    @discardableResult
    public func recordMediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String,
        ext: String
    ) async throws(ArchiveError) -> Bool {
        try await executor.run(
            .mediaStored(
                url: url, kind: kind, sha256: sha256, size: size, mime: mime, ext: ext,
                now: Timestamp.string(Date())))
    }

    /// Records why a URL could not be stored: for good (`permanent`), or to retry.
    public func recordMediaFailure(
        url: String, kind: String, permanent: Bool, reason: String,
        httpStatus: Int?
    ) async throws(ArchiveError) {
        try await executor.execute(
            SQLStatement(
                MediaStatements.recordFailure, .text(url), .text(kind), .text(permanent ? "failed" : "retry"),
                .text(reason), .int(orNull: httpStatus.map(Int64.init)), .text(Timestamp.string(Date()))))
    }

    /// Every catalogued file, by hash (bytewise).
    public func storedMediaFiles() async throws(ArchiveError) -> [CataloguedFile] {
        try await executor.fetch(
            SQLStatement(MediaStatements.storedFiles(executor.dialect)), CataloguedFile.init(row:))
    }

    /// The URLs a file was downloaded from, newest first, with their kinds.
    public func mediaSources(sha256: String) async throws(ArchiveError) -> [(url: String, kind: String)] {
        try await executor.fetch(SQLStatement(MediaStatements.sources, .text(sha256))) {
            (url: try $0.text("url"), kind: try $0.text("kind"))
        }
    }

    /// Records when files were found sound; a store opened read-only (a read-only file, or a reader such
    /// as `doctor`) keeps no record, which is only bookkeeping.
    public func markMediaVerified(_ sha256: [String]) async throws(ArchiveError) {
        guard !sha256.isEmpty, !executor.isReadOnly else { return }
        try await executor.execute(
            SQLStatement(
                MediaStatements.verified(executor.dialect), .text(Timestamp.string(Date())), .texts(sha256)))
    }

    /// The stored file a URL was downloaded as.
    public func mediaFile(forURL url: String) async throws(ArchiveError) -> CataloguedFile? {
        try await executor.fetchFirst(SQLStatement(MediaStatements.fileForURL, .text(url)), CataloguedFile.init(row:))
    }

    /// Forgets the downloads of URLs nothing archived names any more and returns the files no stored URL
    /// holds, removed from the catalogue in the same transaction; a dry run rolls it all back.
    public func forgetUnreferencedMedia(dryRun: Bool) async throws(ArchiveError)
        -> (forgotten: Int, unreferenced: [CataloguedFile])
    {
        let dialect = executor.dialect
        let plan = TransactionPlan<(forgotten: Int, unreferenced: [CataloguedFile])>
            .statement(SQLStatement(MediaStatements.forgetUnreferenced(dialect) + " RETURNING url")) { rows in
                let forgotten = rows.count
                return .fetch(SQLStatement(MediaStatements.orphans), CataloguedFile.init(row:)) { orphans in
                    let hashes = SQLArgument.texts(orphans.map(\.sha256))
                    return .executing(
                        [
                            SQLStatement(MediaStatements.unlinkDownloads(dialect), hashes),
                            SQLStatement(MediaStatements.forgetFiles(dialect), hashes),
                        ], giving: (forgotten, orphans))
                }
            }
        return try await dryRun ? executor.dryRun(plan) : executor.run(plan)
    }
}

extension TransactionPlan where Result == Bool {
    /// Catalogues a file unless it is catalogued, then records `url` as stored as it; whether the file
    /// was new to the catalogue. `fromFile`: an import's, which never replaces a URL's stored file
    /// (``MediaStatements/recordImported``). A plan, so that an import runs it in its own transaction.
    package static func mediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String, ext: String, now: String,
        fromFile: Bool = false
    ) -> Self {
        .statement(
            SQLStatement(
                MediaStatements.insertFile + " RETURNING sha256", .text(sha256), .text(ext), .int(size), .text(mime),
                .text(now))
        ) { inserted in
            .executing(
                [
                    SQLStatement(
                        fromFile ? MediaStatements.recordImported : MediaStatements.recordStored, .text(url),
                        .text(kind), .text(sha256), .text(mime), .text(now))
                ], giving: !inserted.isEmpty)
        }
    }
}

extension CataloguedFile {
    /// The file in a row of `media_files` (`sha256`, `ext`, `size`), on either store.
    @Sendable package init(row: any ColumnReading) throws {
        self.init(sha256: try row.text("sha256"), ext: try row.text("ext"), size: try row.integer("size"))
    }
}
