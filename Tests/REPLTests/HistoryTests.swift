import Foundation
import IceboxTestSupport
import REPL
import Testing

/// The REPL's history file: plain lines, private, appended as commands run.
struct HistoryTests {
    @Test func appendsPlainLinesPrivately() throws {
        let folder = try TemporaryDirectory("icebox-history")
        let history = REPLHistory(file: folder.url.appending(path: "repl_history"), limit: 3)
        #expect(try history.load().isEmpty, "no file yet: no history")
        try history.append("search sqlite from:@alice")
        try history.append("search sqlite from:@alice", previous: "search sqlite from:@alice")
        try history.append("   ")
        try history.append("open 2", previous: "search sqlite from:@alice")
        #expect(try String(contentsOf: history.file, encoding: .utf8) == "search sqlite from:@alice\nopen 2\n")
        let mode = try FileManager.default.attributesOfItem(atPath: history.file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try history.load() == ["search sqlite from:@alice", "open 2"])
    }

    @Test func keepsTheNewestLinesUpToTheLimit() throws {
        let folder = try TemporaryDirectory("icebox-history")
        let history = REPLHistory(file: folder.url.appending(path: "repl_history"), limit: 3)
        for index in 1...7 { try history.append("open \(index)") }
        #expect(try history.load() == ["open 5", "open 6", "open 7"])
        let kept = try String(contentsOf: history.file, encoding: .utf8).split(separator: "\n")
        #expect(kept == ["open 5", "open 6", "open 7"], "a file past twice the limit is cut back")
    }
}
