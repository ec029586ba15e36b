import Foundation
import Testing

/// One `ON CONFLICT` clause per conflict target in `Sources/` (issue 43): what happens when a row is
/// written again is one rule, in one place, whichever store or flow writes it. `scripts/sql-twins` finds
/// the clauses, fragments handed to a multi-row insert included, and names each by table and target.
@Suite struct ConflictClauseTests {
    @Test func everyConflictTargetHasOneClause() throws {
        let script = Process()
        script.executableURL = URL(filePath: "/usr/bin/env")
        script.arguments = ["python3", LayeringTests.root.appending(path: "scripts/sql-twins").path, "--list"]
        script.currentDirectoryURL = LayeringTests.root
        let output = Pipe()
        script.standardOutput = output
        try script.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        #expect(script.terminationStatus == 0, "scripts/sql-twins failed")
        let clauses = text.split(separator: "\n").first { $0.hasPrefix("ON CONFLICT clauses:") }
        #expect(clauses != nil, "scripts/sql-twins counted no clause: \(text)")
        let repeated = text.split(separator: "\n").first { $0.hasPrefix("conflict targets written more than once:") }
        #expect(repeated == "conflict targets written more than once: 0", "\(text)")
    }
}
