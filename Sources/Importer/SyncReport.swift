import Foundation
import MediaArchive
import Models

/// How one timeline's sync went.
public struct TimelineReport: Sendable, Codable, Hashable {
    /// How the timeline ended this run.
    public enum Outcome: String, Sendable, Codable {
        /// Everything asked for was archived.
        case ok
        /// Something went wrong; what was archived before it stays.
        case failed
        /// The server refuses this timeline to this client (anonymous access switched off, say).
        case refused
    }

    public var timeline: String
    public var timelineID: Int64
    public var outcome: Outcome
    /// Statuses the archive did not have.
    public var new: Int
    /// Statuses updated because an edit arrived.
    public var updated: Int
    /// Statuses the server sent that could not be read (or stored), kept with their bytes to be read later.
    public var unreadable: Int
    /// Pages stored.
    public var pages: Int
    /// HTTP requests sent.
    public var requests: Int
    /// Whether the timeline has been paged back as far as it goes.
    public var backfillComplete: Bool
    /// Why it failed or was refused.
    @EncodedAsNull public var error: String? = nil
    /// Things worth knowing that are not failures.
    public var warnings: [String]
    public var seconds: Double
    /// Edited statuses whose every earlier version was fetched from their server's history.
    public var editHistories = 0
    /// The server refused the account's access token (revoked or expired): failed until it is
    /// authorized again, and the run's exit status is 77.
    public var tokenRefused = false
}

/// How a whole `icebox sync` went: each timeline, then the media.
public struct SyncRunReport: Sendable {
    public var timelines: [TimelineReport]
    /// Nil when media downloads were off (`--no-media`).
    public var media: MediaRunReport?
    /// Statuses an earlier Icebox kept unreadable, read and archived at the start of this run.
    public var recovered = RecoveryReport()
    /// What the relation walk did, per account and kind (empty when it was off).
    public var relations: [RelationReport] = []
    /// What asking who reacted to the accounts' own posts did, per account (empty unless
    /// `icebox config reactions on`).
    public var reactions: [ReactionReport] = []
}

/// The media part of a sync: what was fetched, or why the media archive could not be used at all.
public struct MediaRunReport: Sendable, Codable, Hashable {
    @EncodedAsNull public var report: MediaReport? = nil
    @EncodedAsNull public var error: String? = nil
}
