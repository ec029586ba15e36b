import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Where a status came from: the pinned timelines whose sync saw it, the servers it was read from
    /// outside any timeline, and the files it was imported from.
    public func provenance(of number: Int64) async throws(ArchiveError) -> [StatusProvenance] {
        try await read { db in try Self.provenance(of: number, db) }
    }

    static func provenance(of number: Int64, _ db: Database) throws -> [StatusProvenance] {
        var found: [StatusProvenance] = []
        let dialect = SQLiteDialect()
        let timelines = try Row.fetchAll(db, sql: ProvenanceStatements.timelines(dialect), arguments: [number])
        var syncedFrom = Set<String>()
        for row in timelines {
            let server: String = row["server"]
            let host = ServerAuthority.of(server)
            syncedFrom.insert(host)
            found.append(StatusProvenance(kind: .sync, detail: "\(row["spec"] as String) on \(host)"))
        }
        let fetched = try String.fetchAll(db, sql: ProvenanceStatements.fetchedFrom(dialect), arguments: [number])
        for server in fetched where !syncedFrom.contains(server) {
            found.append(StatusProvenance(kind: .fetch, detail: server))
        }
        let imports = try Row.fetchAll(db, sql: ProvenanceStatements.files(dialect), arguments: [number])
        for row in imports {
            let entry: String = row["entry"]
            let detail = "\(row["format"] as String) \(row["file"] as String)" + (entry.isEmpty ? "" : " (\(entry))")
            found.append(StatusProvenance(kind: .import, detail: detail))
        }
        return found
    }

    /// The favourites, bookmarks and boosts imports named by uri (of one kind, or all), each marked
    /// resolved when the archive holds the status it names.
    public func references(kind: ImportedReference.Kind?) async throws(ArchiveError) -> [ImportedReference] {
        try await read { db in
            try Row.fetchAll(db, sql: ProvenanceStatements.references(SQLiteDialect()), arguments: [kind?.rawValue])
                .compactMap { row in
                    guard let kind = ImportedReference.Kind(rawValue: row["kind"]) else { return nil }
                    var reference = ImportedReference(
                        accountHandle: row["account_handle"], kind: kind, uri: row["uri"],
                        activityURI: row["activity_uri"], publishedAt: row["published_at"],
                        visibility: row["visibility"])
                    reference.resolved = row["resolved"]
                    return reference
                }
        }
    }

    public func importedSource(of number: Int64, format: String) async throws(ArchiveError) -> Data? {
        try await read { db in
            try Data.fetchOne(db, sql: ProvenanceStatements.source, arguments: [number, format])
        }
    }
}
