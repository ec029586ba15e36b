/// The records of `sync --json` that the importer reports (see `docs/json.md`): every field, `null` when absent.
extension TimelineReport {
    enum CodingKeys: String, CodingKey {
        case timeline, outcome, new, updated, unreadable, pages, requests, error, warnings, seconds
        case timelineID = "timeline_id"
        case backfillComplete = "backfill_complete"
        case editHistories = "edit_histories"
        case tokenRefused = "token_refused"
    }
}

extension MediaRunReport {
    enum CodingKeys: String, CodingKey { case report, error }
}

extension RecoveryReport {
    enum CodingKeys: String, CodingKey {
        case archived
        case stillUnreadable = "still_unreadable"
    }
}
