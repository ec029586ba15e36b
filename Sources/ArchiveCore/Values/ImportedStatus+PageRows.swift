import Foundation
import Models

/// An import's batch as the rows a store writes, with the rule for which rows write authors' profiles:
/// both stores' import sinks use it, so they write the same profiles.
extension ImportedStatus {
    /// For each status of a batch, which of its rows writes its author's profile (`true`: the post it
    /// boosts, `false`: the status itself): the author's last row in the batch, so a profile is written
    /// once per batch rather than once per status, and still from the file's latest copy of it.
    package static func authorRows(_ statuses: [ImportedStatus], server: String) -> [Set<Bool>] {
        var last: [String: (item: Int, boostedPost: Bool)] = [:]
        for (item, imported) in statuses.enumerated() {
            if let boosted = imported.status.status.reblog {
                last[boosted.account.fullHandle(servedBy: server)] = (item, true)
            }
            last[imported.status.status.account.fullHandle(servedBy: server)] = (item, false)
        }
        var writes = Array(repeating: Set<Bool>(), count: statuses.count)
        for (item, boostedPost) in last.values { writes[item].insert(boostedPost) }
        return writes
    }

    /// The status's rows (the post it boosts, then the boost, oldest first), each writing its author's
    /// profile when `writingAuthorOf` says so (see ``authorRows(_:server:)``), or, when `nil`, as a page
    /// of this status alone would.
    package func pageRows(server: String, writingAuthorOf authorRows: Set<Bool>?) -> [PageRow] {
        let isBoost = status.status.reblog != nil
        return PageRow.rows([status], server: server).map { row in
            guard let authorRows else { return row }
            var row = row
            row.writesAuthor = authorRows.contains(isBoost && row.status.reblog == nil)
            return row
        }
    }
}
