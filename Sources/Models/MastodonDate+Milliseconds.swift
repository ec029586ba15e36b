import Foundation

/// Mastodon's date text and the millisecond it names, converted with integers only: a `Double` of
/// seconds cannot hold every millisecond, and an id made of one (the archive's API ids) must come back
/// to the very text it came from.
extension MastodonDate {
    /// The text Mastodon writes for the millisecond `milliseconds` after 1970 (UTC, three fractional
    /// digits, `Z`).
    public static func format(milliseconds: Int64) -> String {
        let (days, msOfDay) = Int(milliseconds).quotientAndRemainder(dividingBy: 86_400_000)
        let (dayIndex, ms) = msOfDay < 0 ? (days - 1, msOfDay + 86_400_000) : (days, msOfDay)
        let (year, month, day) = civilFromDays(dayIndex)
        let seconds = ms / 1000
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):"
            + "\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)).\(pad(ms % 1000, 3))Z"
    }

    /// The millisecond a text in exactly the form ``format(milliseconds:)`` writes names
    /// (`2024-03-02T10:11:12.345Z`); `nil` for any other text.
    public static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        let separators: [(Int, Character)] = [
            (4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z"),
        ]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let ms = number(20..<23), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        let days = Int64(daysFromCivil(year: year, month: month, day: day))
        return ((days * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1000) + Int64(ms)
    }
}
