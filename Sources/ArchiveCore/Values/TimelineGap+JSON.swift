/// A gap as `stats --json` lists it (`open_gaps`, see `docs/json.md`): every field, `null` when absent.
extension TimelineGap {
    enum CodingKeys: String, CodingKey {
        case id, cause
        case timelineID = "timeline_id"
        case fromID = "from_id"
        case toID = "to_id"
        case fromTime = "from_time"
        case toTime = "to_time"
        case openedAt = "opened_at"
        case closedAt = "closed_at"
        case closedBy = "closed_by"
    }
}
