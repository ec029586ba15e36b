import Crypto
import Foundation
import Models

/// A status kept unreadable: its bytes exactly as served, where it came from and why it could not be read.
/// Encoded (for `--json`, see `KeptUnreadable+JSON.swift`) without its bytes.
public struct KeptUnreadable: Sendable, Hashable, Encodable {
    public var id: Int64
    /// The host (with port) that served it.
    public var server: String
    /// Its id there, when the bytes had one.
    @EncodedAsNull public var localID: String?
    @EncodedAsNull public var timelineID: Int64?
    /// The page it came on (`max_id=…`; empty for a timeline's newest page or a thread's context).
    public var pageCursor: String
    public var error: String
    public var raw: Data
    /// The Icebox version that could not read it.
    public var readerVersion: String
    public var firstSeenAt: String
    public var lastSeenAt: String
    /// When a later reading archived it, and as which status.
    @EncodedAsNull public var archivedAt: String?
    @EncodedAsNull public var statusNumber: Int64?

    /// Memberwise, so that both stores build the very same value.
    package init(
        id: Int64, server: String, localID: String?, timelineID: Int64?, pageCursor: String, error: String,
        raw: Data, readerVersion: String, firstSeenAt: String, lastSeenAt: String, archivedAt: String?,
        statusNumber: Int64?
    ) {
        self.id = id
        self.server = server
        self.localID = localID
        self.timelineID = timelineID
        self.pageCursor = pageCursor
        self.error = error
        self.raw = raw
        self.readerVersion = readerVersion
        self.firstSeenAt = firstSeenAt
        self.lastSeenAt = lastSeenAt
        self.archivedAt = archivedAt
        self.statusNumber = statusNumber
    }
}
