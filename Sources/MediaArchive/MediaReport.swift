import Foundation

/// What one media fetch did.
public struct MediaReport: Sendable, Codable, Hashable {
    /// A URL that could not be stored, and why.
    public struct Failure: Sendable, Codable, Hashable {
        public var url: String
        public var kind: MediaKind
        public var reason: String
        /// True when it will not be tried again unless asked (`--retry-failed`).
        public var permanent: Bool
    }

    /// Things (attachments, previews, avatars, emoji) that were missing at the start.
    public var wanted = 0
    /// Of which now stored.
    public var stored = 0
    /// Files new to the archive (the rest had the same bytes as a file already kept).
    public var newFiles = 0
    /// Bytes downloaded.
    public var bytes: Int64 = 0
    /// Failed for good this run: not tried again unless asked.
    public var failed = 0
    /// Failed for now (server errors, timeouts, rate limits): tried again on the next run.
    public var deferred = 0
    /// Left alone because every URL for them failed for good on an earlier run.
    public var skippedFailed = 0
    /// Leftovers of interrupted downloads removed from `media/.tmp`.
    public var cleanedTemporary = 0
    /// The failures of this run (at most 100), for the summary.
    public var failures: [Failure] = []
    public var seconds: Double = 0

    public init() {}
}

/// Progress of a media fetch, for a live line on a terminal.
public struct MediaProgress: Sendable {
    public var done: Int
    public var total: Int
    public var bytes: Int64
}
