import Foundation

extension ArchivedStatus {
    /// The status as a lookup reads it: its `statuses` row and what hangs off it.
    package init(
        number: Int64, stored: StoredStatus, localID: String?, versions: [Version], parent: Int64?,
        replies: [Int64], timelines: [String], editHistory: [Data], otherCopies: [String]
    ) {
        self.init(
            number: number, uri: stored.uri, raw: stored.raw, server: stored.server, localID: localID,
            versions: versions, parent: parent, replies: replies, timelines: timelines, goneAt: stored.goneAt,
            editHistory: editHistory, otherCopies: otherCopies)
        goneVia = stored.goneVia
        redactedAt = stored.redactedAt
    }
}
