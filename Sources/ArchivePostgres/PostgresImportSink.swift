import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

/// The import transaction's writer on PostgreSQL (see ``PostgresArchive/importAtomically(_:_:)``): each
/// call is carried by the bridge to the transaction's connection, and written there with the SQLite
/// import sink's rules and the store's own page writer.
struct PostgresImportSink: ImportSink, Sendable {
    let bridge: ImportBridge
    var source: ImportSource
    let now: String
    let logger: Logger
    /// Held media files not yet sent (see `PostgresImportSink+Media.swift`).
    let pendingHolds = PendingHolds()

    /// Statuses per statement batch: a batch of boosts is twice as many rows, and a statement holds at
    /// most 65,535 parameters.
    static let chunk = 250

    func store(_ statuses: [ImportedStatus], unreadable: [UnreadableStatus]) throws -> StoreResult {
        let (source, now, logger) = (self.source, self.now, self.logger)
        return try bridge.call { connection in
            try await Self.store(statuses, unreadable: unreadable, source: source, now: now, connection, logger)
        }
    }

    func archivedURIs(server: String, ids: [String]) throws -> [String: String] {
        let logger = self.logger
        return try bridge.call { connection in
            let statement = PostgresDialect().statement(LookupStatements.urisByServerIDs(PostgresDialect()))
            var found: [String: String] = [:]
            for row in try await connection.rows(statement, [.text(server), .textArray(ids)], logger: logger) {
                found[try row.string("local_id")] = try row.string("uri")
            }
            return found
        }
    }

    func recordMedia(_ media: ImportedMedia) throws {
        let logger = self.logger
        _ = try bridge.call { connection in
            try await PostgresArchive.recordMediaStored(
                url: media.url, kind: "original", sha256: media.sha256,
                size: media.size, mime: media.mime, ext: media.ext, fromFile: true,
                connection, logger)
        }
    }

    func recordReferences(_ references: [ImportedReference]) throws -> Int {
        let (file, now, logger) = (source.file, self.now, self.logger)
        return try bridge.call { connection in
            var added = 0
            for start in stride(from: 0, to: references.count, by: 1_000) {
                let rows = references[start..<min(start + 1_000, references.count)].map { reference -> [SQLValue] in
                    [
                        .text(reference.accountHandle), .text(reference.kind.rawValue), .text(reference.uri),
                        .text(reference.activityURI), .text(reference.publishedAt), .text(reference.visibility),
                        .text(file),
                        .text(now),
                    ]
                }
                added += try await PostgresArchive.insertMany(
                    connection, logger, ImportRecordStatements.referenceTarget, rows: rows,
                    suffix: ImportRecordStatements.referenceConflict + " RETURNING kind"
                ).count
            }
            return added
        }
    }

    /// The whole batch in one savepoint; only when a status breaks a rule is the batch stored again
    /// status by status, the broken ones kept unreadable and the rest stored.
    static func store(
        _ statuses: [ImportedStatus], unreadable: [UnreadableStatus], source: ImportSource, now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> StoreResult {
        var result = StoreResult()
        let kept = PageOrigin(server: source.server)
        try await connection.execute("SAVEPOINT import_batch", logger: logger)
        do {
            let authors = ImportedStatus.authorRows(statuses, server: source.server)
            for start in stride(from: 0, to: statuses.count, by: chunk) {
                let range = start..<min(start + chunk, statuses.count)
                result += try await store(
                    Array(zip(statuses[range], authors[range])), source: source, now: now,
                    connection, logger)
            }
            try await connection.execute("RELEASE SAVEPOINT import_batch", logger: logger)
        } catch  where PostgresArchive.breaksARule(error) {
            try await connection.execute("ROLLBACK TO SAVEPOINT import_batch", logger: logger)
            try await connection.execute("RELEASE SAVEPOINT import_batch", logger: logger)
            result = StoreResult()
            var failed: [UnreadableStatus] = []
            for item in statuses {
                try await connection.execute("SAVEPOINT import_row", logger: logger)
                do {
                    result += try await store([(item, nil)], source: source, now: now, connection, logger)
                    try await connection.execute("RELEASE SAVEPOINT import_row", logger: logger)
                } catch  where PostgresArchive.breaksARule(error) {
                    try await connection.execute("ROLLBACK TO SAVEPOINT import_row", logger: logger)
                    try await connection.execute("RELEASE SAVEPOINT import_row", logger: logger)
                    failed.append(
                        UnreadableStatus(
                            raw: item.status.raw, id: item.status.status.id,
                            reason: "\(item.entry): could not be stored: \(PostgresArchive.translate(error))"))
                }
            }
            result.unreadable += try await PostgresArchive.keepUnreadable(failed, origin: kept, connection, logger)
        }
        result.unreadable += try await PostgresArchive.keepUnreadable(unreadable, origin: kept, connection, logger)
        return result
    }

    /// Stores statuses with the store's page writer as ``ImportClaims`` allows, then records the file each
    /// came from. Statuses whose ids are all the server's, or all not, go as one page; a mix, status by
    /// status (the page's origin says whether its ids are recorded).
    private static func store(
        _ items: [(status: ImportedStatus, authors: Set<Bool>?)], source: ImportSource,
        now: String, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> StoreResult {
        guard let first = items.first else { return StoreResult() }
        let statuses = items.map(\.status)
        let held = try await self.held(ImportClaims.uris(of: statuses), connection, logger)
        let authors = items.contains { $0.authors == nil } ? nil : items.map { $0.authors ?? [] }
        let plans = ImportClaims.plans(statuses, authors: authors, held: held, source: source)
        var origin = PageOrigin(server: source.server, authority: .imported)
        var result = StoreResult()
        result.refused = plans.filter(\.refused).count
        if items.allSatisfy({ $0.status.hasServerID == first.status.hasServerID }) {
            origin.recordsServerIDs = first.status.hasServerID
            result += try await PostgresArchive.storeBatched(
                plans.flatMap(\.rows), origin: origin, now: now, lockingURIs: false, connection, logger)
        } else {
            for (item, plan) in zip(items, plans) where !plan.rows.isEmpty {
                origin.recordsServerIDs = item.status.hasServerID
                result += try await PostgresArchive.storeBatched(
                    plan.rows, origin: origin, now: now, lockingURIs: false, connection, logger)
            }
        }
        try await recordSources(
            of: zip(statuses, plans).filter(\.1.recordsSource).map(\.0), source: source, now: now,
            connection, logger)
        // What this import wrote (see `ImportWrittenStatements`).
        try await connection.execute(
            "INSERT INTO import_written(uri) SELECT DISTINCT unnest($1::text[]) "
                + ImportWrittenStatements.markConflict,
            [.textArray(plans.flatMap { $0.rows.map(\.status.archiveURI) })], logger: logger)
        return result
    }

    /// What the archive holds of these uris, by uri.
    private static func held(
        _ uris: [String], _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws -> [String: ImportClaims.Held] {
        var held: [String: ImportClaims.Held] = [:]
        let dialect = PostgresDialect()
        let written = Set(
            try await connection.rows(
                "SELECT uri FROM import_written WHERE uri = ANY($1::text[])", [.textArray(uris)], logger: logger
            ).map { try $0.string("uri") })
        for row in try await connection.rows(
            dialect.statement(LookupStatements.select("uri, raw_authority, author_handle", whereAny: "uri", dialect)),
            [.textArray(uris)], logger: logger)
        {
            let uri = try row.string("uri")
            held[uri] = ImportClaims.Held(
                authority: CopyAuthority(rawValue: Int(try row["raw_authority"].decode(Int16.self))) ?? .account,
                authorHandle: try row.string("author_handle"), writtenByThisImport: written.contains(uri))
        }
        return held
    }

    /// Records the file, entry and source object of each stored status (a status twice in the batch: its
    /// last entry, as recording them one after the other would leave it).
    private static func recordSources(
        of items: [ImportedStatus], source: ImportSource, now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws {
        var ids: [String: Int64] = [:]
        let dialect = PostgresDialect()
        for row in try await connection.rows(
            dialect.statement(LookupStatements.select("id, uri", whereAny: "uri", dialect)),
            [.textArray(items.map(\.status.status.archiveURI))], logger: logger)
        {
            ids[try row.string("uri")] = try row.int64("id")
        }
        var order: [Int64] = []
        var latest: [Int64: ImportedStatus] = [:]
        for item in items {
            guard let id = ids[item.status.status.archiveURI] else { continue }
            if latest.updateValue(item, forKey: id) == nil { order.append(id) }
        }
        let rows = order.compactMap { id -> [SQLValue]? in
            guard let item = latest[id] else { return nil }
            return [
                .int(id), .text(source.format), .text(source.file), .text(item.entry),
                .bytes(item.source ?? item.status.raw), .text(now),
            ]
        }
        try await PostgresArchive.insertMany(
            connection, logger, ImportRecordStatements.sourceTarget, rows: rows,
            suffix: ImportRecordStatements.sourceConflict)
    }
}
