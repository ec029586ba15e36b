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
}
