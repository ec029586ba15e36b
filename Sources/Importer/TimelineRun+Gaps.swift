import ArchiveCore
import Foundation
import MastodonAPI
import Models

/// The gap ledger as a sync keeps it: windows it could not read are recorded, and those a catch-up
/// reads through are closed.
extension TimelineRun {
    /// Home and list feeds keep only the newest ~400 entries. If the first catch-up page is full and
    /// holds none of the statuses already archived from the overlap window, the feed no longer reaches
    /// back to them: whatever fell out between the newest archived entry and the oldest one served
    /// cannot be read any more. Records that window in the ledger; returns whether it found one.
    mutating func recordTrimmedFeed(_ page: Page<ArchivableStatus>, newest: String) async throws -> Bool {
        switch spec {
        case .home, .list: break
        default: return false
        }
        guard page.served >= options.pageLimit else { return false }
        // What the timeline holds is counted once every page fetched before is stored.
        try await drain()
        let known = try await archive.countInTimeline(page.items.map(\.status.archiveURI), timelineID: timeline.id)
        guard known == 0 else { return false }
        // The page is newest first: its last entry is the oldest the feed still serves.
        let oldest = page.items.last
        try await archive.openGap(
            TimelineGap(
                timelineID: timeline.id, cause: .trimmed, fromID: newest,
                toID: oldest?.status.id ?? page.lastID, fromTime: nil,
                toTime: oldest.map { Timestamp.string($0.status.createdAt) }),
            server: host)
        report.warnings.append(
            "possible gap: the server keeps only about 400 entries of this feed and the newest archived one "
                + "has dropped out of it (recorded: icebox stats); sync more often, or run icebox watch")
        return true
    }

    /// A catch-up read everything above the stored cursor: the windows left while the server refused
    /// the timeline are read now, and closed once the pages that read them are stored.
    mutating func closeGaps() async throws {
        try await drain()
        let open = try await archive.gaps(timelineID: timeline.id, includingClosed: false).filter {
            $0.cause == .refused
        }
        try await archive.closeGaps(open.map(\.id), by: "sync")
    }

    /// The server refused the timeline: everything above the newest archived entry waits, recorded
    /// until a catch-up reads it.
    static func recordRefusal(of timeline: PinnedTimeline, archive: any ArchiveStore) async throws {
        guard let newest = timeline.newestCursor,
            (try? TimelineSpec(parsing: timeline.spec)).map(Self.pagesByStatusID) == true
        else { return }
        try await archive.openGap(
            TimelineGap(
                timelineID: timeline.id, cause: .refused, fromID: newest, toID: nil,
                fromTime: nil, toTime: nil), server: timeline.server.hostPart)
    }
}
