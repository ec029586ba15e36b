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
}
