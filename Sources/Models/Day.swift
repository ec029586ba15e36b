import Foundation

/// A calendar day in UTC, as a person types one: `YYYY-MM-DD`. The one rule for every date Icebox reads
/// (`sync --since`, `export timeline --since`/`--until`, and a query's `before:`, `after:` and `during:`).
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How a day is written, for help and messages.
    public static let format = "YYYY-MM-DD"

    /// The day as typed: `YYYY-MM-DD`.
    public let text: String
    /// Its first moment: midnight UTC.
    public let start: Date

    /// The day `text` names, or nil when it is not `YYYY-MM-DD`.
    public init?(_ text: String) {
        guard text.utf8.count == 10, let start = MastodonDate.parse(text + "T00:00:00Z") else { return nil }
        self.text = text
        self.start = start
    }

    public var description: String { text }

    public static func < (earlier: Day, later: Day) -> Bool { earlier.start < later.start }
}
