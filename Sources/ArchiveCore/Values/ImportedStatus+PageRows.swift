import Foundation
import Models

/// An import's batch as the rows a store writes, with the rule for which rows write authors' profiles:
/// both stores' import sinks use it, so they write the same profiles.
extension ImportedStatus {
    /// For each status of a batch, which of its rows writes its author's profile (`true`: the post it
    /// boosts, `false`: the status itself): the author's newest row in the batch (by when its post was
    /// written; the last of those written at once), so a profile is written once per batch rather than
    /// once per status, and still from the file's newest copy of it (a file's copy is observed no later
    /// than its post, see `AuthorStatements.observedAt`).
    package static func authorRows(_ statuses: [ImportedStatus], server: String) -> [Set<Bool>] {
        var newest: [String: (item: Int, boostedPost: Bool, createdAt: Date)] = [:]
        func consider(_ status: Status, item: Int, boostedPost: Bool) {
            let handle = status.account.fullHandle(servedBy: server)
            if let held = newest[handle], held.createdAt > status.createdAt { return }
            newest[handle] = (item, boostedPost, status.createdAt)
        }
        for (item, imported) in statuses.enumerated() {
            if let boosted = imported.status.status.reblog { consider(boosted, item: item, boostedPost: true) }
            consider(imported.status.status, item: item, boostedPost: false)
        }
        var writes = Array(repeating: Set<Bool>(), count: statuses.count)
        for (item, boostedPost, _) in newest.values { writes[item].insert(boostedPost) }
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
