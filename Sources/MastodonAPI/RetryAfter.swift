import Foundation

/// The `Retry-After` header of a 429 or 503: a number of seconds or an HTTP date (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// When to try again, or nil when the header is missing, unreadable or negative.
    public static func date(_ header: String?, now: Date = Date()) -> Date? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) { return seconds >= 0 ? now.addingTimeInterval(TimeInterval(seconds)) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
