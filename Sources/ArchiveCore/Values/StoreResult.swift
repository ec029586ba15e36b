import Foundation
import Models

/// What storing a page changed.
public struct StoreResult: Sendable, Hashable {
    /// Statuses the archive did not have.
    public var new = 0
    /// Statuses whose edit arrived (the earlier version is kept in `status_versions`).
    public var updated = 0
    /// Statuses already archived that this timeline had not recorded yet.
    public var newToTimeline = 0
    /// Statuses kept unreadable (see ``TransactionPlan/keepUnreadable(_:origin:now:)``).
    public var unreadable = 0
    /// Statuses an import named that the archive holds as another account's post: left as they are.
    public var refused = 0

    public init() {}

    /// Both counts together.
    public static func + (lhs: StoreResult, rhs: StoreResult) -> StoreResult {
        var sum = lhs
        sum += rhs
        return sum
    }

    public static func += (lhs: inout StoreResult, rhs: StoreResult) {
        lhs.new += rhs.new
        lhs.updated += rhs.updated
        lhs.newToTimeline += rhs.newToTimeline
        lhs.unreadable += rhs.unreadable
        lhs.refused += rhs.refused
    }
}
