/// The record of `timeline list --json` (see `docs/json.md`): every field, `null` when absent.
extension PinnedTimeline {
    enum CodingKeys: String, CodingKey {
        case id, spec, server
        case accountID = "account_id"
        case accountHandle = "account_handle"
        case addedAt = "added_at"
        case newestCursor = "newest_cursor"
        case backfillCursor = "backfill_cursor"
        case backfillComplete = "backfill_complete"
        case backfillPages = "backfill_pages"
        case lastSyncAt = "last_sync_at"
        case lastResult = "last_result"
        case lastError = "last_error"
        case lastSuccessAt = "last_success_at"
        case statusCount = "status_count"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(spec, forKey: .spec)
        try c.encode(accountID, forKey: .accountID)
        try c.encode(accountHandle, forKey: .accountHandle)
        try c.encode(server, forKey: .server)
        try c.encode(addedAt, forKey: .addedAt)
        try c.encode(newestCursor, forKey: .newestCursor)
        try c.encode(backfillCursor, forKey: .backfillCursor)
        try c.encode(backfillComplete, forKey: .backfillComplete)
        try c.encode(backfillPages, forKey: .backfillPages)
        try c.encode(lastSyncAt, forKey: .lastSyncAt)
        try c.encode(lastResult, forKey: .lastResult)
        try c.encode(lastError, forKey: .lastError)
        try c.encode(lastSuccessAt, forKey: .lastSuccessAt)
        try c.encode(statusCount, forKey: .statusCount)
    }
}
