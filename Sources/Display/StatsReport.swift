import ArchiveCore
import Foundation

/// `stats --json` (and `icebox serve`'s `/stats` as JSON): the totals, the timeline broken down (`null`:
/// the whole archive) and the breakdown.
public struct StatsReport: Encodable, Sendable {
    public var stats: ArchiveStats
    /// The timeline broken down, or `nil` for the whole archive.
    public var timeline: String?
    public var breakdown: ArchiveBreakdown
    /// The gap ledger's open windows.
    public var openGaps: [TimelineGap]
    /// The notifications kept, counted by type.
    public var notifications: [NotificationCount]
    /// The relation ledger's relations, counted by kind.
    public var relations: [RelationCount]
    /// The direct-message conversations kept.
    public var conversations: Int

    public init(
        stats: ArchiveStats, timeline: String?, breakdown: ArchiveBreakdown, openGaps: [TimelineGap],
        notifications: [NotificationCount], relations: [RelationCount], conversations: Int
    ) {
        self.stats = stats
        self.timeline = timeline
        self.breakdown = breakdown
        self.openGaps = openGaps
        self.notifications = notifications
        self.relations = relations
        self.conversations = conversations
    }

    enum Keys: String, CodingKey {
        case timeline, breakdown, notifications, relations, conversations
        case openGaps = "open_gaps"
    }

    public func encode(to encoder: any Encoder) throws {
        try stats.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(timeline, forKey: .timeline)
        try container.encode(breakdown, forKey: .breakdown)
        try container.encode(openGaps, forKey: .openGaps)
        try container.encode(notifications, forKey: .notifications)
        try container.encode(relations, forKey: .relations)
        try container.encode(conversations, forKey: .conversations)
    }
}
