import Foundation

/// UTC timestamp formatting without `DateFormatter` (which is neither cheap nor `Sendable` everywhere).
enum Timestamp {
    /// RFC 3339 with `digits` fractional digits and `Z`, e.g. `2026-08-01T15:00:00.916Z` (3) or `.916474Z` (6).
    static func iso8601(_ date: Date, fractionDigits digits: Int = 3) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
        let seconds = floorDiv(micros, 1_000_000)
        let fraction = micros - seconds * 1_000_000
        let (y, m, d) = civil(fromDays: floorDiv(seconds, 86_400))
        let secOfDay = seconds - floorDiv(seconds, 86_400) * 86_400
        var text = String(
            format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld", y, m, d,
            secOfDay / 3600, (secOfDay % 3600) / 60, secOfDay % 60)
        if digits > 0 {
            let scaled = fraction / pow10(6 - min(digits, 6))
            text += "." + String(format: "%0\(min(digits, 6))lld", scaled)
        }
        return text + "Z"
    }

    /// The date part only, e.g. `2026-04-11` (Mastodon's `last_status_at`).
    static func day(_ date: Date) -> String {
        String(iso8601(date, fractionDigits: 0).prefix(10))
    }

    /// Midnight UTC of the given date (Mastodon rounds account `created_at` to the day).
    static func midnight(_ date: Date) -> Date {
        let s = Int64(date.timeIntervalSince1970)
        return Date(timeIntervalSince1970: TimeInterval(floorDiv(s, 86_400) * 86_400))
    }

    private static func pow10(_ n: Int) -> Int64 { (0..<n).reduce(1) { acc, _ in acc * 10 } }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Howard Hinnant's days-to-civil algorithm.
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
