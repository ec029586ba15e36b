import Foundation
import Models

/// Dates as the archive stores them: Mastodon's own format, which sorts as time does.
enum Timestamp {
    static func string(_ date: Date) -> String { MastodonDate.format(date) }
    static func date(_ text: String?) -> Date? { text.flatMap(MastodonDate.parse) }
}
