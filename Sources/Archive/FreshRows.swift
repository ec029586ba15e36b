import ArchiveCore
import Foundation
import GRDB
import Models

/// The rows of a page that one multi-row `INSERT` can take (see
/// ``ArchiveDatabase/insertNewAndUpsert(_:origin:now:_:)``): new to the archive and first of their uri in
/// the page, each with the key and id storing the page row by row would give it.
struct FreshRows {
    /// Where each row stands in the page.
    private(set) var indices: [Int] = []
    private(set) var rows: [StatusRow] = []
    /// The `sort_key` of each row.
    private(set) var keys: [Int64] = []
    /// The marks each row is inserted with: those its copy carries by itself (see `UserMarks.fromCopy`), and
    /// its timeline's, which every new row gets with its entry (schema/0042_timeline_marks_with_the_row.sql).
    private(set) var marks: [UserMarks] = []

    /// `nil` when a new row cannot go with the others, and the page is stored row by row: when its
    /// millisecond has no key of its own left (a key spilled above it is taken row by row, see
    /// `SortKey.spill`), or when a row stored again moves to its millisecond (an edit that moved
    /// `created_at` takes a new key there, which row by row takes in page order).
    init?(_ page: [PageRow], origin: PageOrigin, _ db: Database) throws {
        // The key each uri holds: in the archive, or given to its first row in the page.
        var held: [String: Int64] = [:]
        var isNew: [Bool] = []
        var movedTo = Set<Int64>()  // the floors rows stored again take new keys in
        let keyByURI = LookupStatements.select("sort_key", where: "uri")
        isNew.reserveCapacity(page.count)
        for item in page {
            let uri = item.status.archiveURI
            let floor = SortKey.floor(item.status.createdAt)
            if let stored = held[uri] {
                // Again in the page: its first row's key is in that row's own millisecond.
                if !Self.keeps(stored, floor) { movedTo.insert(floor) }
                isNew.append(false)
            } else if let stored = try Int64.fetchOne(
                db.cachedStatement(sql: keyByURI), arguments: [uri])
            {
                if !Self.keeps(stored, floor) { movedTo.insert(floor) }
                held[uri] = stored
                isNew.append(false)
            } else {
                held[uri] = floor
                isNew.append(true)
            }
        }
        var nextKey: [Int64: Int64] = [:]
        var accounts: [(handle: String, url: String?)]?  // the archiving accounts, read once if a row mentions any
        let timelineMark = try ArchiveDatabase.run(UserMarks.ofTimeline(origin.timelineID), db)
        rows.reserveCapacity(page.count)
        for (index, item) in page.enumerated() where isNew[index] {
            let floor = SortKey.floor(item.status.createdAt)
            guard !movedTo.contains(floor) else { return nil }
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
            rows.append(item.columns(from: origin))
            if !status.mentions.isEmpty, accounts == nil {
                accounts = try ArchiveDatabase.run(UserMarks.accounts(mentionedIn: [status]), db)
            }
            marks.append(
                UserMarks.of(status, raw: item.raw, server: origin.server, accounts: accounts ?? []).union(timelineMark)
            )
            keys.append(key)
            indices.append(index)
        }
    }

    /// Whether a row holding `key` keeps it when stored again as created in the millisecond of `floor`
    /// (see `StatusRow.keepArguments`).
    private static func keeps(_ key: Int64, _ floor: Int64) -> Bool {
        let millisecond = floor >> Int64(SortKey.tieBits)
        return (millisecond...(millisecond + SortKey.maxSpill)).contains(key >> Int64(SortKey.tieBits))
    }
}
