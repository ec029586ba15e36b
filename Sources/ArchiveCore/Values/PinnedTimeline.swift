import Foundation
import Models

/// A pinned timeline and where its sync stands.
public struct PinnedTimeline: Codable, Hashable, Sendable {
    public var id: Int64
    /// The canonical spec (`home`, `tag:swift`, `remote:host`…).
    public var spec: String
    /// The account it is read with (`ArchivingAccount.id`); `nil` when read without login.
    @EncodedAsNull public var accountID: Int64?
    /// That account's handle, a label for messages; `nil` when read without login.
    @EncodedAsNull public var accountHandle: String?
    /// The server it is read from.
    public var server: String
    public var addedAt: String
    /// Catch-up continues above this (opaque `min_id`); `nil` before the first sync.
    @EncodedAsNull public var newestCursor: String?
    /// Backfill continues below this (opaque `max_id`).
    @EncodedAsNull public var backfillCursor: String?
    public var backfillComplete: Bool
    public var backfillPages: Int
    @EncodedAsNull public var lastSyncAt: String?
    /// `ok`, `failed` or `refused`.
    @EncodedAsNull public var lastResult: String?
    @EncodedAsNull public var lastError: String?
    /// When it last synced without failing (nil: never).
    @EncodedAsNull public var lastSuccessAt: String?
    /// Statuses archived from this timeline.
    public var statusCount: Int

    /// `spec` with the account, the way users name a timeline: `home (alice@example.social)`.
    public var displayName: String {
        accountHandle.map { "\(spec) (\($0))" } ?? spec
    }

    /// Memberwise, so that both stores build the very same value.
    package init(
        id: Int64, spec: String, accountID: Int64?, accountHandle: String?, server: String, addedAt: String,
        newestCursor: String?, backfillCursor: String?, backfillComplete: Bool, backfillPages: Int,
        lastSyncAt: String?, lastResult: String?, lastError: String?, statusCount: Int,
        lastSuccessAt: String?
    ) {
        self.id = id
        self.spec = spec
        self.accountID = accountID
        self.accountHandle = accountHandle
        self.server = server
        self.addedAt = addedAt
        self.newestCursor = newestCursor
        self.backfillCursor = backfillCursor
        self.backfillComplete = backfillComplete
        self.backfillPages = backfillPages
        self.lastSyncAt = lastSyncAt
        self.lastResult = lastResult
        self.lastError = lastError
        self.statusCount = statusCount
        self.lastSuccessAt = lastSuccessAt
    }
}
