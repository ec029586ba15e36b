import Foundation

/// A kept status from a row of `unreadable_statuses`, on either store (its JSON record's keys differ).
extension KeptUnreadable: RowDecodable {
    enum Column: String, CodingKey {
        case id, server, error
        case localID = "local_id"
        case timelineID = "timeline_id"
        case pageCursor = "page_cursor"
        case raw = "raw_json"
        case readerVersion = "icebox_version"
        case firstSeenAt = "first_seen_at"
        case lastSeenAt = "last_seen_at"
        case archivedAt = "archived_at"
        case statusNumber = "status_id"
    }

    package init(row: some Decoder) throws {
        let cells = try row.container(keyedBy: Column.self)
        self.init(
            id: try cells.decode(Int64.self, forKey: .id), server: try cells.decode(String.self, forKey: .server),
            localID: try cells.decodeIfPresent(String.self, forKey: .localID),
            timelineID: try cells.decodeIfPresent(Int64.self, forKey: .timelineID),
            pageCursor: try cells.decode(String.self, forKey: .pageCursor),
            error: try cells.decode(String.self, forKey: .error), raw: try cells.decode(Data.self, forKey: .raw),
            readerVersion: try cells.decode(String.self, forKey: .readerVersion),
            firstSeenAt: try cells.decode(String.self, forKey: .firstSeenAt),
            lastSeenAt: try cells.decode(String.self, forKey: .lastSeenAt),
            archivedAt: try cells.decodeIfPresent(String.self, forKey: .archivedAt),
            statusNumber: try cells.decodeIfPresent(Int64.self, forKey: .statusNumber))
    }
}
