import Foundation
import Models

/// A status of a page as it is stored, and whether it writes its author's profile: what both stores'
/// upsert flows take.
package struct PageRow: Sendable {
    package var status: Status
    package var raw: Data
    package var writesAuthor: Bool

    package init(status: Status, raw: Data, writesAuthor: Bool) {
        self.status = status
        self.raw = raw
        self.writesAuthor = writesAuthor
    }

    /// A page's statuses (boosted posts with their boosts), oldest first. Each author's profile is
    /// written once per page, not once per status: from their first status in the page as the server
    /// sent it (a boosted post before its boost), the newest. Oldest first, the full-text indexes (keyed
    /// by date) take the page's rows in rising rowid order, and FTS5 writes out what it holds whenever a
    /// rowid is lower than the one before.
    package static func rows(_ statuses: [ArchivableStatus], server: String) -> [PageRow] {
        var rows: [PageRow] = []
        var authors = Set<String>()
        func add(_ status: Status, _ raw: Data) {
            rows.append(
                PageRow(
                    status: status, raw: raw,
                    writesAuthor: authors.insert(status.account.fullHandle(servedBy: server)).inserted))
        }
        for item in statuses {
            if let boosted = item.status.reblog { add(boosted, item.rawReblog ?? Data()) }
            add(item.status, item.raw)
        }
        // The order sorted as indices: a row is large, and a sort moves what it sorts many times over.
        return rows.indices.sorted { (rows[$0].status.createdAt, $0) < (rows[$1].status.createdAt, $1) }
            .map { rows[$0] }
    }
}
