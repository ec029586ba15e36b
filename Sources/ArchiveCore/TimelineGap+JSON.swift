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

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(timelineID, forKey: .timelineID)
        try c.encode(cause, forKey: .cause)
        try c.encode(fromID, forKey: .fromID)
        try c.encode(toID, forKey: .toID)
        try c.encode(fromTime, forKey: .fromTime)
        try c.encode(toTime, forKey: .toTime)
        try c.encode(openedAt, forKey: .openedAt)
        try c.encode(closedAt, forKey: .closedAt)
        try c.encode(closedBy, forKey: .closedBy)
    }
}
