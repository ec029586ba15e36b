import Archive
import Foundation

extension PostgresArchive {
    /// Not yet on PostgreSQL: imports write through ``ArchiveDatabase`` only (issue 18).
    public func importAtomically(_ source: ImportSource,
                                 _ body: @escaping @Sendable (any ImportSink) throws -> Void) async throws {
        throw ArchiveError.unsupported(store: location, capability: "import files (icebox import)")
    }

    /// Statuses on a PostgreSQL store are only ever synced or fetched: their timelines say where from.
    public func provenance(of number: Int64) async throws(ArchiveError) -> [StatusProvenance] {
        throw .unsupported(store: location, capability: "list where a status came from")
    }

    /// A PostgreSQL store holds no imports, so no references.
    public func references(kind: ImportedReference.Kind?) async throws(ArchiveError) -> [ImportedReference] {
        throw .unsupported(store: location, capability: "list imported favourites and bookmarks")
    }

    /// Nothing is imported into a PostgreSQL store yet, so no status has a source object.
    public func importedSource(of number: Int64, format: String) async throws(ArchiveError) -> Data? {
        nil
    }
}
