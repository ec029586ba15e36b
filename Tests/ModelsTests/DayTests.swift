import Foundation
import Models
import Testing

/// `Day`: the one rule for a day a person types, `YYYY-MM-DD`, midnight UTC.
@Suite struct DayTests {
    @Test func aDayIsYearMonthDayFromMidnightUTC() throws {
        let day = try #require(Day("2026-01-31"))
        #expect(day.start == Date(timeIntervalSince1970: 1_769_817_600))
        #expect(day.text == "2026-01-31" && day.description == "2026-01-31")
        #expect(try #require(Day("2026-02-01")) > day)
    }

    @Test(arguments: [
        "", "yesterday", "2026-1-31", "2026-01-31T00:00:00Z", "2026-13-01", "2026-01-32", " 2026-01-31",
        "２０２６-01-31", "20260131",
    ])
    func anythingElseIsNoDay(_ text: String) {
        #expect(Day(text) == nil, "\(text)")
    }
}
