/// The records of `sync --json` that the importer reports (see `docs/json.md`): every field, `null` when absent.
extension TimelineReport {
    enum CodingKeys: String, CodingKey {
        case timeline, outcome, new, updated, unreadable, pages, requests, error, warnings, seconds
        case timelineID = "timeline_id"
        case backfillComplete = "backfill_complete"
        case editHistories = "edit_histories"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(timeline, forKey: .timeline)
        try c.encode(timelineID, forKey: .timelineID)
        try c.encode(outcome, forKey: .outcome)
        try c.encode(new, forKey: .new)
        try c.encode(updated, forKey: .updated)
        try c.encode(unreadable, forKey: .unreadable)
        try c.encode(pages, forKey: .pages)
        try c.encode(requests, forKey: .requests)
        try c.encode(backfillComplete, forKey: .backfillComplete)
        try c.encode(error, forKey: .error)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(editHistories, forKey: .editHistories)
    }
}

extension MediaRunReport {
    enum CodingKeys: String, CodingKey { case report, error }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(report, forKey: .report)
        try c.encode(error, forKey: .error)
    }
}

extension RecoveryReport {
    enum CodingKeys: String, CodingKey {
        case archived
        case stillUnreadable = "still_unreadable"
    }
}
