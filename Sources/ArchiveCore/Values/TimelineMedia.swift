import Foundation

/// The media attachments of the statuses seen in one pinned timeline, and how many of them the media
/// archive holds a file for (what `icebox serve`'s `/metrics` reports per timeline).
public struct TimelineMedia: Codable, Hashable, Sendable {
    public var timelineID: Int64
    /// Attachments of the timeline's statuses (a boost's are its boosted post's, counted with that post).
    public var attachments: Int
    /// Those whose file is stored.
    public var stored: Int

    public init(timelineID: Int64, attachments: Int, stored: Int) {
        self.timelineID = timelineID
        self.attachments = attachments
        self.stored = stored
    }

    enum CodingKeys: String, CodingKey {
        case timelineID = "timeline_id"
        case attachments, stored
    }

    /// One row per timeline with attachments, its columns named as the coding keys (one text for both
    /// stores). Timelines without any have no row.
    package static let statement = """
        SELECT ts.timeline_id AS timeline_id, COUNT(*) AS attachments, COUNT(m.sha256) AS stored
        FROM timeline_statuses ts JOIN media_attachment_files m ON m.status_id = ts.status_id
        GROUP BY ts.timeline_id ORDER BY ts.timeline_id
        """
}
