import ArchiveCore
import Foundation
import Models

extension Doctor {
    /// Each pinned timeline's last successful sync; for home and list feeds, which the server trims to
    /// its newest ~400 entries, whether the time since then risks entries that fell out unread.
    func timelines(_ archive: any ArchiveStore) async -> [DoctorCheck] {
        let pinned: [PinnedTimeline]
        do { pinned = try await archive.timelines() } catch { return [DoctorCheck("timelines", .problem, "\(error)")] }
        var checks: [DoctorCheck] = []
        for timeline in pinned {
            checks.append(await check(timeline, archive))
        }
        checks.append(
            await gaps(archive, names: Dictionary(pinned.map { ($0.id, $0.displayName) }) { first, _ in first }))
        return checks
    }

    private func check(_ timeline: PinnedTimeline, _ archive: any ArchiveStore) async -> DoctorCheck {
        let name = "timeline \(timeline.displayName)"
        guard timeline.lastSyncAt != nil else { return DoctorCheck(name, .warning, "never synced; run `icebox sync`") }
        guard let success = timeline.lastSuccessAt.flatMap(MastodonDate.parse) else {
            return DoctorCheck(
                name, .problem, "no sync of it has succeeded yet; last error: \(timeline.lastError ?? "unknown")")
        }
        let age = Date().timeIntervalSince(success)
        let since = "last synced successfully \(Self.words(age)) ago"
        if age > options.staleAfter {
            return DoctorCheck(
                name, .problem,
                since + (timeline.lastResult == "ok" ? "" : " (since then: \(timeline.lastError ?? "failed"))")
                    + "; is `icebox sync` still scheduled?")
        }
        var reach = ""
        if let (perHour, hours) = await feedReach(timeline, archive) {
            let rate =
                "at about \(Self.rate(perHour: perHour)), the server's ~\(options.feedLength) entries reach back "
                + Self.words(hours * 3600)
            guard age <= hours * 3600 else {
                return DoctorCheck(
                    name, .problem, since + "; " + rate + ": some may have dropped out unread; sync more often")
            }
            reach = " (\(rate))"
        }
        if timeline.lastResult != "ok" {
            return DoctorCheck(
                name, .warning, since + reach + "; the last run failed: \(timeline.lastError ?? "unknown error")")
        }
        return DoctorCheck(name, .ok, since + reach)
    }

    /// The gap ledger's open windows: entries that could not be read.
    private func gaps(_ archive: any ArchiveStore, names: [Int64: String]) async -> DoctorCheck {
        let open: [TimelineGap]
        do { open = try await archive.gaps(timelineID: nil, includingClosed: false) } catch {
            return DoctorCheck("gaps", .problem, "\(error)")
        }
        guard !open.isEmpty else { return DoctorCheck("gaps", .ok, "no open gap in any timeline") }
        let list = open.map { "\(names[$0.timelineID] ?? "timeline \($0.timelineID)"): \($0.summary)" }
        return DoctorCheck(
            "gaps", .warning,
            "\(open.count) open: " + list.joined(separator: "; ")
                + "; sync more often (see `icebox timeline list`) or run `icebox watch`")
    }

    /// For a feed the server trims (home, lists): entries an hour (from the archived `created_at` of its
    /// newest 100) and the hours its ~400 entries span at that rate; nil for other timelines or too few.
    private func feedReach(_ timeline: PinnedTimeline, _ archive: any ArchiveStore) async -> (
        perHour: Double, hours: Double
    )? {
        switch try? TimelineSpec(parsing: timeline.spec) {
        case .home, .list: break
        default: return nil
        }
        guard let dates = try? await archive.recentCreationDates(timelineID: timeline.id, limit: 100),
            dates.count >= 20,
            let newest = dates.first, let oldest = dates.last, newest > oldest
        else { return nil }
        let perSecond = Double(dates.count - 1) / newest.timeIntervalSince(oldest)
        return (perSecond * 3600, Double(options.feedLength) / perSecond / 3600)
    }

    /// "3600 entries an hour", "2.5 entries an hour", "1.2 entries a day", "1 entry a week": in the unit
    /// that keeps the number at 1 or more, to two figures, so that the rate times the time it is said
    /// beside comes out as the entries counted (rounding a slow feed up to "1 an hour" once made 400
    /// entries last 322 days).
    public static func rate(perHour: Double) -> String {
        let (count, unit) =
            perHour >= 1
            ? (perHour, "an hour")
            : perHour * 24 >= 1
                ? (perHour * 24, "a day")
                : (perHour * 24 * 7, "a week")
        let figures =
            count >= 9.95
            ? "\(Int(count.rounded()))"
            : String(format: "%.1f", count).replacingOccurrences(of: ".0", with: "")
        return "\(figures) \(figures == "1" ? "entry" : "entries") \(unit)"
    }

    /// "3 min", "5 h", "2 days".
    public static func words(_ seconds: TimeInterval) -> String {
        switch seconds {
        case ..<120: "\(Int(seconds)) s"
        case ..<7200: "\(Int(seconds / 60)) min"
        case ..<172_800: "\(Int(seconds / 3600)) h"
        default: "\(Int(seconds / 86_400)) days"
        }
    }
}
