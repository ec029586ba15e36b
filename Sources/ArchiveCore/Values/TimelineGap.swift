import Foundation
import Models

/// A window of a timeline Icebox could not read (the gap ledger, `timeline_gaps`).
public struct TimelineGap: Sendable, Hashable, Codable {
    /// Why the window could not be read.
    public enum Cause: String, Sendable, Hashable, Codable, CaseIterable {
        /// The home or list feed kept only its newest entries (~400 on Mastodon) and dropped entries
        /// between the newest archived one and the oldest it still serves.
        case trimmed
        /// The server refused the timeline; everything above the newest archived entry waits.
        case refused

        /// A cause this Icebox does not know (a newer one recorded it) reads as `trimmed`: the gap is
        /// kept and shown rather than the ledger failing to read.
        public init(from decoder: any Decoder) throws {
            self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .trimmed
        }
    }

    public init(
        id: Int64 = 0, timelineID: Int64, cause: Cause, fromID: String?, toID: String?, fromTime: String?,
        toTime: String?, openedAt: String = "", closedAt: String? = nil, closedBy: String? = nil
    ) {
        self.id = id
        self.timelineID = timelineID
        self.cause = cause
        self.fromID = fromID
        self.toID = toID
        self.fromTime = fromTime
        self.toTime = toTime
        self.openedAt = openedAt
        self.closedAt = closedAt
        self.closedBy = closedBy
    }

    public var id: Int64
    public var timelineID: Int64
    public var cause: Cause
    /// The newest status id read below the window (nothing at or below it is missing).
    @EncodedAsNull public var fromID: String?
    /// The oldest status id read above the window; `nil` while nothing above it has been read.
    @EncodedAsNull public var toID: String?
    /// When `fromID`'s and `toID`'s statuses were posted.
    @EncodedAsNull public var fromTime: String?
    @EncodedAsNull public var toTime: String?
    public var openedAt: String
    /// When a later catch-up or `watch` read through it, and which.
    @EncodedAsNull public var closedAt: String?
    @EncodedAsNull public var closedBy: String?

    /// Whether it is still open.
    public var isOpen: Bool { closedAt == nil }

    /// `2026-03-01T10:00:00.000Z … 2026-03-02T09:00:00.000Z (ids 123 … 456), trimmed`.
    public var summary: String {
        let from = fromTime ?? fromID ?? "the beginning"
        let to = toTime ?? toID ?? "now"
        return "\(from) … \(to) (ids \(fromID ?? "?") … \(toID ?? "?")), \(cause.rawValue)"
    }
}
