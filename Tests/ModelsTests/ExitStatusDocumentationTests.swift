import Foundation
import Models
import Testing

/// Every exit status a command can end with is explained where a user looks for it: the README's table
/// and the man page's EXIT STATUS section (docs/icebox.1.sections, which scripts/install puts in place of
/// the generic one ArgumentParser writes).
@Suite struct ExitStatusDocumentationTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyStatusIsInTheREADMEAndTheManPage() throws {
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        let manual = try String(contentsOf: Self.root.appending(path: "docs/icebox.1.sections"), encoding: .utf8)
        let tableRows = Set(
            readme.split(separator: "\n").compactMap { line -> Int32? in
                guard line.hasPrefix("| ") else { return nil }
                return Int32(line.dropFirst(2).prefix { $0.isNumber })
            })
        let manualItems = Set(
            manual.split(separator: "\n").compactMap { line -> Int32? in
                line.hasPrefix(".It ") ? Int32(line.dropFirst(4)) : nil
            })
        for status in ExitStatus.allCases {
            #expect(tableRows.contains(status.rawValue), "README's exit table lacks \(status.rawValue) (\(status))")
            #expect(manualItems.contains(status.rawValue), "the man page lacks \(status.rawValue) (\(status))")
        }
        #expect(manual.contains(".Sh ENVIRONMENT") && manual.contains("ICEBOX_HOME") && manual.contains("ICEBOX_STORE"))
    }
}
