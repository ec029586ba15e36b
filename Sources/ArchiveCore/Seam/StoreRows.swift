import Foundation

/// One value of a row copied between stores: what both stores can hold, and nothing else.
public enum CopyValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case bytes(Data)
}

/// The archive's tables as rows, for copying a whole archive from one store to another
/// (`icebox migrate`). Each store reads and writes its own tables; columns a store computes from the
/// others (SQLite's `sort_key`, PostgreSQL's search vectors) are left out and computed on write.
public protocol StoreRows: Sendable {
    /// The tables in the order a copy writes them (a row's references are written before it).
    var copiedTables: [String] { get }
    /// The columns of `table` that are copied (the same names in both stores).
    func copiedColumns(_ table: String) async throws(ArchiveError) -> [String]
    /// How many rows `table` holds.
    func rowCount(_ table: String) async throws(ArchiveError) -> Int
    /// A batch of rows of `table`, in primary-key order, from `offset`.
    func readRows(_ table: String, columns: [String], offset: Int, limit: Int) async throws(ArchiveError)
        -> [[CopyValue]]
    /// Writes rows (with their ids) into `table` in one transaction.
    func writeRows(_ table: String, columns: [String], rows: [[CopyValue]]) async throws(ArchiveError)
    /// Makes the store ready for new rows after a copy (PostgreSQL's sequences past the copied ids).
    func finishCopy() async throws(ArchiveError)
}

/// The tables every store has, in an order that writes a row's references first.
public let archiveTables = [
    "settings", "archiving_accounts", "timelines", "statuses", "status_ids", "timeline_statuses", "status_versions",
    "media_attachments", "authors", "unreadable_statuses", "status_copies", "status_edits", "edit_history_wanted",
    "media_files", "media_downloads", "timeline_gaps", "status_sources", "status_references", "notifications",
    "conversations",
    "relations", "relation_walks", "relation_claims", "author_versions", "status_reactions", "reaction_checks",
    "status_counts", "media_offers",
]
