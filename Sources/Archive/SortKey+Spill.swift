import ArchiveCore
import Foundation
import GRDB

extension SortKey {
    /// The highest key taken between two keys (both included): ?1 the lowest, ?2 the highest.
    static let highestSQL = "SELECT MAX(sort_key) FROM statuses WHERE sort_key BETWEEN ?1 AND ?2"

    /// The first free key at or above `floor` when the millisecond's own keys are all taken: the next
    /// millisecond with room, after the keys it already has. Each step is one index seek.
    static func spill(above floor: Int64, _ db: Database) throws -> Int64 {
        let width = Int64(1) << Int64(tieBits)
        var slot = floor
        while slot <= floor + (maxSpill << Int64(tieBits)) {
            let highest = try Int64.fetchOne(
                db.cachedStatement(sql: highestSQL),
                arguments: [slot, slot + width - 1])
            guard let highest else { return slot }
            if highest < slot + width - 1 { return highest + 1 }
            slot += width
        }
        throw DatabaseError(
            resultCode: .SQLITE_CONSTRAINT,
            message: "more statuses within a minute of one millisecond than the archive can order")
    }

    /// Whether an error is the sort key's millisecond being full (its unique index, or its check).
    static func isCollision(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_CONSTRAINT && (error.message ?? "").contains("sort_key")
    }
}
