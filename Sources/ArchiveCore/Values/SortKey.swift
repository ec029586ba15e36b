import Foundation

/// The archive's date order as one integer per status, `statuses.sort_key`: the millisecond of
/// `created_at` shifted left by ``tieBits``, plus a tie number for statuses created in the same
/// millisecond (in the order they were archived). The full-text indexes use it as their rowid
/// (`schema/0005_search_date_order.sql`), so a search reads matches in date order straight from an index
/// and a date filter is a range of rowids.
public enum SortKey {
    /// Bits below the millisecond: 4096 statuses created in the same millisecond take its own keys; any
    /// more take the next free keys above it (see ``spill``), at most ``maxSpill`` milliseconds above.
    public static let tieBits = 12

    /// How far above its millisecond a status's key may lie when that millisecond's keys are taken
    /// (`schema/0007_provenance_edits_ties.sql` checks the same bound).
    public static let maxSpill: Int64 = 60_000

    /// The smallest key of a status created at `date` or later: every status created earlier has a
    /// smaller one.
    public static func floor(_ date: Date) -> Int64 {
        // The millisecond exactly as `MastodonDate.format` writes created_at (rounded down).
        Int64((Timestamp.clamped(date).timeIntervalSince1970 * 1000).rounded(.down)) << Int64(tieBits)
    }

    /// SQL for the key of a status being stored, given its ``floor(_:)`` bound to all three parameters:
    /// the next free tie number of its millisecond.
    public static let nextSQL =
        "(SELECT IFNULL(MAX(sort_key) + 1, ?) FROM statuses WHERE sort_key BETWEEN ? AND ? + \((1 << tieBits) - 1))"
}
