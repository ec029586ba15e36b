import Foundation

extension ExportRecord {
    /// The record of a status from its `statuses` row (``ExportStatements/status``) and what hangs off it.
    package init(
        number: Int64, stored: StoredStatus, earlierVersions: [Data], editHistory: [Data],
        attachments: [Attachment], avatar: StoredFile?, boosts: [ArchivedBoost], emoji: [String: StoredFile]
    ) {
        self.init(
            number: number, uri: stored.uri, raw: stored.raw, server: stored.server, localID: stored.localID,
            createdAt: stored.createdAt, editedAt: stored.editedAt, goneAt: stored.goneAt,
            earlierVersions: earlierVersions, editHistory: editHistory, attachments: attachments, avatar: avatar,
            boosts: boosts, emoji: emoji)
        goneVia = stored.goneVia
        redactedAt = stored.redactedAt
        firstSeenAt = stored.firstSeenAt
        updatedAt = stored.updatedAt
    }
}
