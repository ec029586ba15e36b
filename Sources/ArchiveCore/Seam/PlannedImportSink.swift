import Foundation
import Models

/// The transaction an import writes in, as a store's driver gives it to ``PlannedImportSink``: plans run
/// in it one after the other, synchronously, while the import's body reads its file (SQLite's writer runs
/// them in place; PostgreSQL's carries each to the connection that holds the transaction).
package protocol ImportTransaction {
    /// The driver's SQL dialect.
    var dialect: any SQLDialect { get }
    /// Runs `plan` in the import's transaction and gives its result; a failure is the store's, in the
    /// archive's words.
    func run<Result: Sendable>(_ plan: TransactionPlan<Result>) throws -> Result
}

/// The import transaction's writer, written once for both stores (see
/// ``ArchiveStore/importAtomically(_:_:)``): every call is a plan run in the import's one transaction.
package struct PlannedImportSink<Transaction: ImportTransaction>: ImportSink {
    let transaction: Transaction
    package var source: ImportSource
    let now: String
    /// Held media files not yet written (at most ``PendingHolds/batch``).
    let holds = PendingHolds()

    package init(_ transaction: Transaction, source: ImportSource, now: String) {
        self.transaction = transaction
        self.source = source
        self.now = now
    }

    package func store(_ statuses: [ImportedStatus], unreadable: [UnreadableStatus]) throws -> StoreResult {
        try transaction.run(
            .importing(statuses, unreadable: unreadable, source: source, now: now, transaction.dialect))
    }

    package func recordMedia(_ media: ImportedMedia) throws {
        _ = try transaction.run(
            .mediaStored(
                url: media.url, kind: "original", sha256: media.sha256, size: media.size, mime: media.mime,
                ext: media.ext, now: now, fromFile: true))
    }

    /// Held files go to the transaction ``PendingHolds/batch`` at a time, and before they are read.
    package func holdMedia(_ media: ImportedMedia, placedNew: Bool) throws {
        if holds.add(media, placedNew: placedNew) >= PendingHolds.batch { try writeHolds() }
    }

    private func writeHolds() throws {
        let files = holds.take()
        guard !files.isEmpty else { return }
        try transaction.run(
            .inserting(
                RowsInsert(
                    into: ImportMediaStatements.heldTarget,
                    rows: files.map { file in
                        [
                            .int(file.position), .text(file.media.url), .text(file.media.sha256),
                            .text(file.media.ext), .int(file.media.size), .text(file.media.mime),
                            .int(file.placedNew ? 1 : 0),
                        ]
                    })
            ) { _ in .done(()) })
    }

    package func nameMedia(_ urls: [String]) throws {
        guard !urls.isEmpty else { return }
        var seen = Set<String>()
        try transaction.run(
            .inserting(
                RowsInsert(
                    into: ImportMediaStatements.namesTarget,
                    rows: urls.filter { seen.insert($0).inserted }.map { [.text($0)] },
                    conflict: ImportMediaStatements.nameConflict)
            ) { _ in .done(()) })
    }

    package func heldMedia(after position: Int64, limit: Int) throws -> [HeldMedia] {
        try writeHolds()
        return try transaction.run(
            .fetch(
                SQLStatement(ImportMediaStatements.held, .int(position), .int(Int64(limit))),
                { try $0.decoded(as: HeldMedia.self) }
            ) { .done($0) })
    }

    package func recordReferences(_ references: [ImportedReference]) throws -> Int {
        let (file, now) = (source.file, self.now)
        return try transaction.run(
            .inserting(
                RowsInsert(
                    into: ImportRecordStatements.referenceTarget,
                    rows: references.map { reference in
                        [
                            .text(reference.accountHandle), .text(reference.kind.rawValue), .text(reference.uri),
                            .text(orNull: reference.activityURI), .text(orNull: reference.publishedAt),
                            .text(orNull: reference.visibility), .text(file), .text(now),
                        ]
                    }, conflict: ImportRecordStatements.referenceConflict, returning: "kind")
            ) { .done($0.count) })
    }

    package func archivedURIs(server: String, ids: [String]) throws -> [String: String] {
        try transaction.run(
            .fetch(
                SQLStatement(LookupStatements.urisByServerIDs(transaction.dialect), .text(server), .texts(ids)),
                { (id: try $0.text("local_id"), uri: try $0.text("uri")) }
            ) { rows in .done(Dictionary(rows.map { ($0.id, $0.uri) }, uniquingKeysWith: { _, last in last })) })
    }
}

/// The files an import's body held and its transaction has not been given yet, each with its place in
/// the order they were held (from 1).
///
/// `@unchecked Sendable`: `files` and `held` are read and written under `lock`.
final class PendingHolds: @unchecked Sendable {
    /// Files written together, one statement for them.
    static let batch = 200

    private let lock = NSLock()
    private var files: [(position: Int64, media: ImportedMedia, placedNew: Bool)] = []
    private var held: Int64 = 0

    /// Adds a file; returns how many wait.
    func add(_ media: ImportedMedia, placedNew: Bool) -> Int {
        lock.withLock {
            held += 1
            files.append((held, media, placedNew))
            return files.count
        }
    }

    /// The files waiting, now given to the caller.
    func take() -> [(position: Int64, media: ImportedMedia, placedNew: Bool)] {
        lock.withLock {
            defer { files.removeAll(keepingCapacity: true) }
            return files
        }
    }
}

extension PlannedImportSink: Sendable where Transaction: Sendable {}
