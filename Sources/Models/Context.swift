import Foundation

/// The thread around a status: `/api/v1/statuses/:id/context`.
public struct Context: Codable, Hashable, Sendable {
    /// From the thread's root down to the parent.
    public var ancestors: [Status]
    /// Replies, in the server's order (depth-first).
    public var descendants: [Status]
}
