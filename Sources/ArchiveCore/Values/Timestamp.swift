import Foundation
import Models

/// Dates as the archive stores them: Mastodon's own format, which sorts as time does.
package enum Timestamp {
    /// The dates the archive can order: four-digit years. A date a server sends outside them is stored
    /// clamped to the nearest end (the status's raw JSON keeps it as sent), so it never blocks a page.
    package static let range =
        Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799.999)

    package static func clamped(_ date: Date) -> Date { min(max(date, range.lowerBound), range.upperBound) }
    package static func string(_ date: Date) -> String { MastodonDate.format(clamped(date)) }
    /// The time now, as the archive stores it.
    package static func now() -> String { string(Date()) }
    package static func date(_ text: String?) -> Date? { text.flatMap(MastodonDate.parse) }
}
