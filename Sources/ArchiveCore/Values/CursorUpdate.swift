import Foundation

/// How a page moves a timeline's cursors; stored in the same transaction as the page.
public struct CursorUpdate: Sendable, Hashable {
    /// The new catch-up position, when the page moved it.
    public var newestCursor: String?
    /// The new backfill position (`nil` leaves it).
    public var backfillCursor: String?
    /// The backfill reached the end (an empty page).
    public var backfillComplete: Bool
    /// Count this page as one more backfill page.
    public var countsAsBackfillPage: Bool

    public init(
        newestCursor: String? = nil, backfillCursor: String? = nil,
        backfillComplete: Bool = false, countsAsBackfillPage: Bool = false
    ) {
        self.newestCursor = newestCursor
        self.backfillCursor = backfillCursor
        self.backfillComplete = backfillComplete
        self.countsAsBackfillPage = countsAsBackfillPage
    }
}
