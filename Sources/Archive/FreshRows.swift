import ArchiveCore
import Foundation
import GRDB
import Models

/// The rows of a page that one multi-row `INSERT` can take (see
/// ``ArchiveDatabase/insertNewAndUpsert(_:origin:now:_:)``): new to the archive, first of their uri in the
/// page, and in a millisecond no other row of the page shares without being new, each with the key
/// storing the page row by row would give it.
struct FreshRows {
    /// Where each row stands in the page.
    private(set) var indices: [Int] = []
    private(set) var rows: [StatusRow] = []
    /// The `sort_key` of each row.
    private(set) var keys: [Int64] = []

    /// `nil` when a new row's millisecond has no key of its own left (a key spilled above it is taken
    /// row by row, see `SortKey.spill`).
    ///
    /// A row held already (or repeated in the page) may take a key of its millisecond when it is stored
    /// again (an edit that moved `created_at`), so the new rows of that millisecond are stored row by row
    /// with it, in page order, and every key is what row by row gives.
    init?(_ page: [PageRow], origin: PageOrigin, _ db: Database) throws {
        var uris = Set<String>()
        var isNew: [Bool] = []
        var sharedFloors = Set<Int64>()
        isNew.reserveCapacity(page.count)
        for item in page {
            let uri = item.status.archiveURI
            let new =
                try uris.insert(uri).inserted
                && Int64.fetchOne(db.cachedStatement(sql: LookupStatements.idByURI), arguments: [uri]) == nil
            isNew.append(new)
            if !new { sharedFloors.insert(SortKey.floor(item.status.createdAt)) }
        }
        var nextKey: [Int64: Int64] = [:]
        rows.reserveCapacity(page.count)
        for (index, item) in page.enumerated() where isNew[index] {
            let floor = SortKey.floor(item.status.createdAt)
            guard !sharedFloors.contains(floor) else { continue }
            // The key `SortKey.nextSQL` would give it, counting the page's rows before it.
            let key: Int64
            if let next = nextKey[floor] {
                key = next
            } else {
                let highest = try Int64.fetchOne(
                    db.cachedStatement(sql: SortKey.highestSQL),
                    arguments: [floor, floor + (1 << SortKey.tieBits) - 1])
                key = highest.map { $0 + 1 } ?? floor
            }
            guard key < floor + (1 << SortKey.tieBits) else { return nil }
            nextKey[floor] = key + 1
            let status = item.status
            rows.append(
                StatusRow(
                    status, raw: item.raw, server: origin.server,
                    authorHandle: status.account.fullHandle(servedBy: origin.server),
                    authority: CopyAuthority.of(status, servedBy: origin.server, reading: origin.authority)))
            keys.append(key)
            indices.append(index)
        }
    }
}
