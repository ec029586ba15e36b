/// What `icebox watch` did by the time it stopped.
public struct WatchTotals: Sendable, Equatable {
    /// Statuses stored, from the streams and from the REST catch-ups.
    public var statuses: Int
    /// Deletions learned from the streams.
    public var deletions: Int
    /// Timelines given up because their server refused the account's token (each was said through
    /// ``WatchOptions/tokenRefused`` as it happened).
    public var tokenRefused: Int

    public init(statuses: Int, deletions: Int, tokenRefused: Int) {
        self.statuses = statuses
        self.deletions = deletions
        self.tokenRefused = tokenRefused
    }
}
