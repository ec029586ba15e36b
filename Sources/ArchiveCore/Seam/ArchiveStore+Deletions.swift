import Foundation

/// The deletion flow, written once for both stores: the store records what is gone
/// (``ArchiveStore/recordGone(_:reportedBy:at:via:)``), then the deletion policy decides whether
/// anything is removed.
extension ArchiveStore {
    /// Records that `server` (`host[:port]`) says statuses are gone (404/410, a `delete` event, an id
    /// left out of a recheck), with the time and how it was learned, in one transaction (see
    /// ``recordGone(_:reportedBy:at:via:)`` for whose word counts). Nothing is removed unless the
    /// deletion policy is `redact`: then what was marked is redacted at once, tombstones staying.
    @discardableResult
    public func markGone(
        _ numbers: [Int64], reportedBy server: String, at date: Date,
        via source: DeletionSource
    ) async throws(ArchiveError) -> DeletionAuthority.Outcome {
        guard !numbers.isEmpty else { return DeletionAuthority.Outcome() }
        let outcome = try await recordGone(numbers, reportedBy: server, at: date, via: source)
        if outcome.marked > 0, try await deletionPolicy() == .redact { try await redactGone() }
        return outcome
    }

    /// Records that `server` says one status is gone (see ``markGone(_:reportedBy:at:via:)``).
    @discardableResult
    public func markGone(
        _ number: Int64, reportedBy server: String, at date: Date = Date(),
        via source: DeletionSource
    ) async throws(ArchiveError) -> DeletionAuthority.Outcome {
        try await markGone([number], reportedBy: server, at: date, via: source)
    }
}
