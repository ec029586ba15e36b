import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// Runs an import in one write transaction: everything `body` stores through the sink is kept when
    /// it returns, and nothing when it throws (its error is rethrown as it is). An import is atomic, not
    /// resumable: a file is read again from its start, and what was already archived deduplicates by uri.
    ///
    /// `body` runs synchronously while the transaction is open (it may read a large file meanwhile: the
    /// archive stays readable, and other writers wait), with the connection's page caches of
    /// ``ImportCaches``.
    public func importAtomically(
        _ source: ImportSource,
        _ body: @escaping @Sendable (any ImportSink) throws -> Void
    ) async throws {
        do {
            try await pool.write { db in
                let caches = try ImportCaches.set(db)
                defer { caches.restore(db) }
                let sink = SQLiteImportSink(db: db, source: source, now: Self.now())
                try sink.createMediaTables()
                try body(sink)
                try sink.dropMediaTables()
            }
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
                throw ArchiveError.damaged(path: path.path, reason: error.message ?? "SQLite error \(error.resultCode)")
            }
            throw ArchiveError.database(Self.describe(error))
        }
    }
}

/// The import transaction's writer (see ``ArchiveDatabase/importAtomically(_:_:)``); its held media in
/// `ArchiveDatabase+ImportMedia.swift`.
struct SQLiteImportSink: ImportSink {
    let db: Database
    var source: ImportSource
    let now: String

    func store(_ statuses: [ImportedStatus], unreadable: [UnreadableStatus]) throws -> StoreResult {
        // The whole batch in one savepoint; only when a status breaks a rule is the batch stored again
        // status by status, the broken ones kept unreadable and the rest stored.
        var result = StoreResult()
        do {
            let authors = ImportedStatus.authorRows(statuses, server: source.server)
            try db.inSavepoint {
                result += try store(statuses, writingAuthorOf: authors)
                return .commit
            }
        } catch let error as DatabaseError where ArchiveDatabase.isolable(error) {
            result = StoreResult()
            var failed: [UnreadableStatus] = []
            for item in statuses {
                do {
                    try db.inSavepoint {
                        result += try store([item], writingAuthorOf: nil)
                        return .commit
                    }
                } catch let error as DatabaseError where ArchiveDatabase.isolable(error) {
                    failed.append(
                        UnreadableStatus(
                            raw: item.status.raw, id: item.status.status.id,
                            reason: "\(item.entry): could not be stored: \(ArchiveDatabase.describe(error))"))
                }
            }
            result.unreadable += try ArchiveDatabase.keepUnreadable(
                failed, origin: PageOrigin(server: source.server), db)
        }
        result.unreadable += try ArchiveDatabase.keepUnreadable(
            unreadable, origin: PageOrigin(server: source.server), db)
        return result
    }

    /// Stores statuses as ``ImportClaims`` allows: all new ones in one insert, otherwise status by status,
    /// each writing the rows its plan keeps. `writingAuthorOf`: see ``ImportedStatus/authorRows(_:server:)``
    /// (`nil`: each status's rows as a page of it alone).
    private func store(_ statuses: [ImportedStatus], writingAuthorOf authors: [Set<Bool>]?) throws -> StoreResult {
        let held = try self.held(ImportClaims.uris(of: statuses))
        if held.isEmpty, let authors, let stored = try insertNew(statuses, writingAuthorOf: authors) { return stored }
        var result = StoreResult()
        for (item, plan) in zip(statuses, ImportClaims.plans(statuses, authors: authors, held: held, source: source)) {
            guard !plan.refused else {
                result.refused += 1
                continue
            }
            var origin = PageOrigin(server: source.server, authority: .imported)
            origin.recordsServerIDs = item.hasServerID
            for row in plan.rows {
                result += try ArchiveDatabase.upsert(
                    row.status, raw: row.raw, origin: origin, now: now,
                    writesAuthor: row.writesAuthor, db)
            }
            try markWritten(plan.rows.map(\.status.archiveURI))
            if plan.recordsSource { try recordSource(of: item) }
        }
        return result
    }

    /// What the archive holds of these uris, by uri.
    private func held(_ uris: [String]) throws -> [String: ImportClaims.Held] {
        var held: [String: ImportClaims.Held] = [:]
        let statement = try db.cachedStatement(
            sql: LookupStatements.select("raw_authority, author_handle", where: "uri"))
        let written = try db.cachedStatement(sql: ImportWrittenStatements.wrote)
        for uri in uris {
            guard let row = try Row.fetchOne(statement, arguments: [uri]) else { continue }
            held[uri] = ImportClaims.Held(
                authority: CopyAuthority(rawValue: row["raw_authority"]) ?? .account,
                authorHandle: row["author_handle"],
                writtenByThisImport: try Bool.fetchOne(written, arguments: [uri]) != nil)
        }
        return held
    }

    func archivedURIs(server: String, ids: [String]) throws -> [String: String] {
        var found: [String: String] = [:]
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: LookupStatements.urisByServerIDs(SQLiteDialect())),
            arguments: [server, SQLArgument.texts(ids).databaseValue])
        for row in rows {
            let id: String = row["local_id"]
            found[id] = row["uri"]
        }
        return found
    }

    /// Notes uris this import wrote (see ``ImportWrittenStatements``).
    private func markWritten(_ uris: [String]) throws {
        let statement = try db.cachedStatement(sql: ImportWrittenStatements.mark)
        for uri in uris { try statement.execute(arguments: [uri]) }
    }

    /// Stores a batch of statuses new to the archive in one insert (see
    /// ``ArchiveDatabase/insertNew(_:origin:now:_:)``); `nil`, having written nothing, when they are not.
    private func insertNew(_ statuses: [ImportedStatus], writingAuthorOf authorRows: [Set<Bool>]) throws -> StoreResult?
    {
        var origin = PageOrigin(server: source.server, authority: .imported)
        // One origin for the whole batch: a batch mixing ids that are the server's and ids that are not
        // is stored status by status.
        guard let first = statuses.first, statuses.allSatisfy({ $0.hasServerID == first.hasServerID }) else {
            return nil
        }
        origin.recordsServerIDs = first.hasServerID
        let items = zip(statuses, authorRows).map { item, authors in
            PageRow(status: item.status.status, raw: item.status.raw, writesAuthor: authors.contains(false))
        }
        guard let (ids, result) = try ArchiveDatabase.insertNew(items, origin: origin, now: now, db) else { return nil }
        for (item, id) in zip(statuses, ids) { try recordSource(of: item, statusID: id) }
        try markWritten(ImportClaims.uris(of: statuses))
        return result
    }

    private func recordSource(of item: ImportedStatus) throws {
        guard
            let statusID = try Int64.fetchOne(
                db.cachedStatement(sql: LookupStatements.idByURI), arguments: [item.status.status.archiveURI])
        else { return }
        try recordSource(of: item, statusID: statusID)
    }

    private static let sourceSQL = ImportRecordStatements.oneRow(
        ImportRecordStatements.sourceTarget, ImportRecordStatements.sourceConflict)
    private static let referenceSQL = ImportRecordStatements.oneRow(
        ImportRecordStatements.referenceTarget, ImportRecordStatements.referenceConflict)

    private func recordSource(of item: ImportedStatus, statusID: Int64) throws {
        try db.cachedStatement(sql: Self.sourceSQL).execute(arguments: [
            statusID, source.format, source.file, item.entry, item.source ?? item.status.raw, now,
        ])
    }

    func recordMedia(_ media: ImportedMedia) throws {
        _ = try ArchiveDatabase.recordMediaStored(
            url: media.url, kind: "original", sha256: media.sha256,
            size: media.size, mime: media.mime, ext: media.ext, now: now, fromFile: true, db)
    }

    func recordReferences(_ references: [ImportedReference]) throws -> Int {
        var added = 0
        for reference in references {
            try db.cachedStatement(sql: Self.referenceSQL).execute(arguments: [
                reference.accountHandle, reference.kind.rawValue, reference.uri,
                reference.activityURI, reference.publishedAt, reference.visibility, source.file, now,
            ])
            added += db.changesCount
        }
        return added
    }
}
