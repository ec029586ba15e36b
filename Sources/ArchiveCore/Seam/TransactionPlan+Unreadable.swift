import Foundation
import Models

extension TransactionPlan where Result == Int {
    /// Keeps statuses that could not be read, byte for byte, in the caller's transaction, and gives how
    /// many the archive did not keep yet. The same status (by its id on the server, else by its bytes:
    /// ``UnreadableStatus/keptKey``) is kept once: seen again (as the catch-up's overlap re-reads it), its
    /// newest bytes and reason replace the old ones, and one that a later reading archived is not kept
    /// again.
    package static func keepUnreadable(_ statuses: [UnreadableStatus], origin: PageOrigin, now: String) throws
        -> Self
    {
        try .folding(statuses, from: 0) { kept, status in
            let key = status.keptKey
            return .statement(SQLStatement(UnreadableStatements.known, .text(origin.server), .text(key))) { known in
                .executing(
                    [
                        SQLStatement(
                            UnreadableStatements.keep, .text(origin.server), .text(key), .text(orNull: status.id),
                            .int(orNull: origin.timelineID), .text(origin.pageCursor), .text(status.reason),
                            .bytes(status.raw), .text(origin.readerVersion), .text(now))
                    ], giving: known.isEmpty ? kept + 1 : kept)
            }
        }
    }
}
