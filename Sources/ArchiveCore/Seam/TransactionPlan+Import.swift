import Foundation
import Models

/// An import's batch of statuses as plans, written once for both stores (see ``PlannedImportSink``).
extension TransactionPlan where Result == StoreResult {
    /// Stores a batch of an import's statuses and keeps the unreadable ones with their bytes: the whole
    /// batch in one savepoint; only when a status breaks one of the archive's rules is the batch stored
    /// again status by status, each in its own, the broken ones kept unreadable beside the rest.
    package static func importing(
        _ statuses: [ImportedStatus], unreadable: [UnreadableStatus], source: ImportSource, now: String,
        _ dialect: any SQLDialect
    ) throws -> Self {
        let kept = PageOrigin(server: source.server)
        let authors = ImportedStatus.authorRows(statuses, server: source.server)
        let whole = try importBatch(statuses, authors: authors, source, now, dialect)
        // Built only when the batch broke a rule: its first step would weigh the first status at once.
        let byStatus = { @Sendable () throws -> TransactionPlan<IsolatedProgress> in
            try .folding(statuses, from: IsolatedProgress()) { progress, item in
                .isolating(
                    try importBatch([item], authors: nil, source, now, dialect),
                    then: { .done(progress.adding($0)) },
                    otherwise: { broken in
                        .done(
                            progress.failing(
                                UnreadableStatus(
                                    raw: item.status.raw, id: item.status.status.id,
                                    reason: "\(item.entry): could not be stored: \(broken.message)")))
                    })
            }
        }
        let stored = Self.isolating(
            whole, then: { .done($0) },
            otherwise: { _ in
                try byStatus().then { progress in
                    try TransactionPlan<Int>.keepUnreadable(progress.failed, origin: kept, now: now).map {
                        var result = progress.result
                        result.unreadable += $0
                        return result
                    }
                }
            })
        return try stored.then { result in
            try TransactionPlan<Int>.keepUnreadable(unreadable, origin: kept, now: now).map {
                var result = result
                result.unreadable += $0
                return result
            }
        }
    }

    /// Stores statuses as ``ImportClaims`` allows with the store's page writer, then records the file each
    /// came from and that the import wrote them. Statuses whose ids are all the server's, or all not, go
    /// as one page; a mix, status by status (the page's origin says whether its ids are recorded).
    /// `authors`: see ``ImportedStatus/authorRows(_:server:)`` (`nil`: each status's rows as a page of
    /// it alone).
    private static func importBatch(
        _ statuses: [ImportedStatus], authors: [Set<Bool>]?, _ source: ImportSource, _ now: String,
        _ dialect: any SQLDialect
    ) throws -> Self {
        guard let first = statuses.first else { return .done(StoreResult()) }
        return .held(ImportClaims.uris(of: statuses), dialect) { held in
            let plans = ImportClaims.plans(statuses, authors: authors, held: held, source: source)
            let origin = PageOrigin(server: source.server, authority: .imported)
            let pages: [(rows: [PageRow], recordsServerIDs: Bool)] =
                statuses.allSatisfy({ $0.hasServerID == first.hasServerID })
                ? [(plans.flatMap(\.rows), first.hasServerID)]
                : zip(statuses, plans).filter { !$1.rows.isEmpty }.map { ($1.rows, $0.hasServerID) }
            var refused = StoreResult()
            refused.refused = plans.filter(\.refused).count
            let stored = try TransactionPlan.folding(pages, from: refused) { result, page in
                var origin = origin
                origin.recordsServerIDs = page.recordsServerIDs
                return .storing(PageWrite(page.rows, origin: origin, now: now, holdsStore: true, evenBatches: true)) {
                    .done(result + $0)
                }
            }
            let written = Array(Set(plans.flatMap { $0.rows.map(\.status.archiveURI) }))
            return try stored.then { result in
                try TransactionPlan<Void>.recordingSources(
                    of: zip(statuses, plans).filter(\.1.recordsSource).map(\.0), source, now, dialect
                ).then {
                    .inserting(
                        RowsInsert(
                            into: ImportWrittenStatements.target, rows: written.map { [.text($0)] },
                            conflict: ImportWrittenStatements.markConflict)
                    ) { _ in .done(result) }
                }
            }
        }
    }

    /// What the archive holds of these uris, by uri, then what `next` makes of it.
    private static func held(
        _ uris: [String], _ dialect: any SQLDialect,
        then next: @escaping @Sendable ([String: ImportClaims.Held]) throws -> Self
    ) -> Self {
        .fetch(
            SQLStatement("SELECT uri FROM import_written WHERE " + dialect.isAny("uri", of: "?1"), .texts(uris)),
            { try $0.text("uri") }
        ) { written in
            let written = Set(written)
            return .fetch(
                SQLStatement(
                    LookupStatements.select("uri, raw_authority, author_handle", whereAny: "uri", dialect),
                    .texts(uris)),
                { row in
                    (
                        uri: try row.text("uri"),
                        held: ImportClaims.Held(
                            authority: CopyAuthority(rawValue: Int(try row.integer("raw_authority"))) ?? .account,
                            authorHandle: try row.text("author_handle"))
                    )
                }
            ) { rows in
                var held: [String: ImportClaims.Held] = [:]
                for (uri, row) in rows {
                    var row = row
                    row.writtenByThisImport = written.contains(uri)
                    held[uri] = row
                }
                return try next(held)
            }
        }
    }
}

extension TransactionPlan where Result == Void {
    /// Records the file, entry and source object of each stored status (a status twice in the batch: its
    /// last entry, as recording them one after the other would leave it).
    fileprivate static func recordingSources(
        of items: [ImportedStatus], _ source: ImportSource, _ now: String, _ dialect: any SQLDialect
    ) -> Self {
        guard !items.isEmpty else { return .done(()) }
        return .fetch(
            SQLStatement(
                LookupStatements.select("id, uri", whereAny: "uri", dialect),
                .texts(items.map(\.status.status.archiveURI))),
            { (uri: try $0.text("uri"), id: try $0.integer("id")) }
        ) { rows in
            let ids = Dictionary(rows.map { ($0.uri, $0.id) }, uniquingKeysWith: { first, _ in first })
            var order: [Int64] = []
            var latest: [Int64: ImportedStatus] = [:]
            for item in items {
                guard let id = ids[item.status.status.archiveURI] else { continue }
                if latest.updateValue(item, forKey: id) == nil { order.append(id) }
            }
            let values = order.compactMap { id -> [SQLArgument]? in
                guard let item = latest[id] else { return nil }
                return [
                    .int(id), .text(source.format), .text(source.file), .text(item.entry),
                    .bytes(item.source ?? item.status.raw), .text(now),
                ]
            }
            return .inserting(
                RowsInsert(
                    into: ImportRecordStatements.sourceTarget, rows: values,
                    conflict: ImportRecordStatements.sourceConflict)
            ) { _ in .done(()) }
        }
    }
}
