import Foundation

// Memberwise initialisers for the values the store seam returns, so that the other store (the
// `ArchivePostgres` module, in this package) builds the very same values the SQLite store does.

extension ArchivingAccount {
    package init(id: Int64, handle: String, server: String, remoteID: String, username: String, displayName: String,
                 url: String?, addedAt: String) {
        self.id = id
        self.handle = handle
        self.server = server
        self.remoteID = remoteID
        self.username = username
        self.displayName = displayName
        self.url = url
        self.addedAt = addedAt
    }
}

extension PinnedTimeline {
    package init(id: Int64, spec: String, accountID: Int64?, accountHandle: String?, server: String, addedAt: String,
                 newestCursor: String?, backfillCursor: String?, backfillComplete: Bool, backfillPages: Int,
                 lastSyncAt: String?, lastResult: String?, lastError: String?, statusCount: Int,
                 lastSuccessAt: String?) {
        self.id = id
        self.spec = spec
        self.accountID = accountID
        self.accountHandle = accountHandle
        self.server = server
        self.addedAt = addedAt
        self.newestCursor = newestCursor
        self.backfillCursor = backfillCursor
        self.backfillComplete = backfillComplete
        self.backfillPages = backfillPages
        self.lastSyncAt = lastSyncAt
        self.lastResult = lastResult
        self.lastError = lastError
        self.statusCount = statusCount
        self.lastSuccessAt = lastSuccessAt
    }
}

extension KeptUnreadable {
    package init(id: Int64, server: String, localID: String?, timelineID: Int64?, pageCursor: String, error: String,
                 raw: Data, readerVersion: String, firstSeenAt: String, lastSeenAt: String, archivedAt: String?,
                 statusNumber: Int64?) {
        self.id = id
        self.server = server
        self.localID = localID
        self.timelineID = timelineID
        self.pageCursor = pageCursor
        self.error = error
        self.raw = raw
        self.readerVersion = readerVersion
        self.firstSeenAt = firstSeenAt
        self.lastSeenAt = lastSeenAt
        self.archivedAt = archivedAt
        self.statusNumber = statusNumber
    }
}
