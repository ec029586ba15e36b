/// The record of `unreadable --json` (see `docs/json.md`): every field but the bytes, `null` when absent.
extension KeptUnreadable {
    enum CodingKeys: String, CodingKey {
        case id = "number"
        case server
        case localID = "local_id"
        case timelineID = "timeline_id"
        case pageCursor = "page_cursor"
        case error
        case readerVersion = "reader_version"
        case firstSeenAt = "first_seen_at"
        case lastSeenAt = "last_seen_at"
        case archivedAt = "archived_at"
        case statusNumber = "status_number"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(server, forKey: .server)
        try c.encode(localID, forKey: .localID)
        try c.encode(timelineID, forKey: .timelineID)
        try c.encode(pageCursor, forKey: .pageCursor)
        try c.encode(error, forKey: .error)
        try c.encode(readerVersion, forKey: .readerVersion)
        try c.encode(firstSeenAt, forKey: .firstSeenAt)
        try c.encode(lastSeenAt, forKey: .lastSeenAt)
        try c.encode(archivedAt, forKey: .archivedAt)
        try c.encode(statusNumber, forKey: .statusNumber)
    }
}
