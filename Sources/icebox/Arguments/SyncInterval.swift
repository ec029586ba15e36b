import ArchiveCore
import Health
import Models

/// What `icebox timeline list` says of a feed the server trims (home, lists): its open gaps, and how
/// often it must be synced for its entries not to fall out unread, from the rate they came in at.
enum SyncInterval {
    /// Entries Mastodon keeps of a home or list feed (`FeedManager::MAX_ITEMS`).
    static let feedLength = 400.0

    /// "\tsync at least every 5 h (about 80 entries an hour); 1 open gap", or "" for other timelines.
    static func advice(for timeline: PinnedTimeline, archive: any ArchiveStore) async throws -> String {
        switch try? TimelineSpec(parsing: timeline.spec) {
        case .home, .list: break
        default: return ""
        }
        var parts: [String] = []
        if let perHour = try await archive.entryRate(timelineID: timeline.id, days: 7), perHour > 0 {
            let seconds = feedLength / perHour * 3600
            parts.append("sync at least every \(Doctor.words(seconds)) (about \(Doctor.rate(perHour: perHour)))")
        }
        let open = try await archive.gaps(timelineID: timeline.id, includingClosed: false).count
        if open > 0 { parts.append(Plural.of(open, "open gap")) }
        return parts.isEmpty ? "" : "\t" + parts.joined(separator: "; ")
    }
}
