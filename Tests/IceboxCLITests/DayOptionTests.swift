import Foundation
import IceboxTestSupport
import Testing

/// Every option that takes a day reads it by `Day`'s one rule: anything but `YYYY-MM-DD` is the same
/// usage error (exit 64), naming the option, before any archive is opened.
@Suite struct DayOptionTests {
    @Test(arguments: [
        ["sync", "--since", "yesterday"],
        ["sync", "--since", "2026-01-31T00:00:00Z"],
        ["export", "timeline", "home", "-o", "x.tar", "--since", "2026-1-31"],
        ["export", "timeline", "home", "-o", "x.tar", "--until", "31/01/2026"],
    ])
    func aDayThatIsNotYearMonthDayIsAUsageErrorNamingTheOption(_ arguments: [String]) async throws {
        let result = try await CLI().run(arguments)
        let option = arguments[arguments.count - 2]
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "icebox: The value '\(arguments.last ?? "")' is invalid for '\(option) <YYYY-MM-DD>'"),
            "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("no archive"), "\(arguments): \(result.stderr)")
    }
}
