import Archive
import Foundation

extension PostgresArchive {
    /// Not yet on PostgreSQL: an import's transaction is read synchronously from a file while it is
    /// open, which the SQLite store does and this one does not (issue 18). Says so, with exit status 64.
    public func importAtomically(_ source: ImportSource,
                                 _ body: @escaping @Sendable (any ImportSink) throws -> Void) async throws {
        throw ArchiveError.unsupported(store: location, capability: "import files (icebox import)")
    }

    /// Nothing is imported into a PostgreSQL store yet, so there are no references.
    public func references(kind: ImportedReference.Kind?) async throws(ArchiveError) -> [ImportedReference] {
        []
    }

    /// Nothing is imported into a PostgreSQL store yet, so no status has a source object.
    public func importedSource(of number: Int64, format: String) async throws(ArchiveError) -> Data? {
        nil
    }
}
