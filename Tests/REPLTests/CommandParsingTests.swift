import Foundation
import REPL
import Testing

/// What a typed line means, and the words that say what is wrong with a bad one.
struct CommandParsingTests {
    @Test func argumentsAreTheRestOfTheLine() throws {
        #expect(
            try REPLCommand(parsing: #"  search "exact phrase" from:@alice  -boring "#)
                == .search(#""exact phrase" from:@alice  -boring"#))
        #expect(try REPLCommand(parsing: "open 2") == .open("2"))
        #expect(try REPLCommand(parsing: "open https://example.social/@a/1") == .open("https://example.social/@a/1"))
        #expect(try REPLCommand(parsing: "tag #SwiftUI") == .tag("SwiftUI"))
        #expect(try REPLCommand(parsing: "tag caturday") == .tag("caturday"))
        #expect(try REPLCommand(parsing: "account @alice@example.social") == .account("alice@example.social"))
        #expect(try REPLCommand(parsing: "timeline tag:swift") == .timeline("tag:swift"))
        #expect(try REPLCommand(parsing: "THREAD") == .thread)
        #expect(try REPLCommand(parsing: "exit") == .quit)
        #expect(try REPLCommand(parsing: "?") == .help)
    }

    @Test func blankLinesAreNoCommand() throws {
        #expect(try REPLCommand(parsing: "") == nil)
        #expect(try REPLCommand(parsing: " \t ") == nil)
    }

    @Test func badLinesNameWhatIsWrong() {
        let cases = [
            "serch swift": "unknown command 'serch'", "search": "search needs a query",
            "open": "open needs a number", "thread 3": "thread takes no argument (got '3')",
            "back now": "back takes no argument", "tag   ": "tag needs a hashtag",
        ]
        for (line, message) in cases {
            #expect(throws: REPLCommand.Invalid.self, "\(line)") { try REPLCommand(parsing: line) }
            do {
                _ = try REPLCommand(parsing: line)
            } catch {
                #expect(error.description.hasPrefix(message), "\(line): \(error.description)")
            }
        }
    }

    @Test func everyCommandIsInTheHelpAndParses() throws {
        for name in REPLCommand.names {
            #expect(REPLCommand.helpText.split(separator: "\n").contains { $0.hasPrefix(name + " ") }, "\(name)")
            // Each name is a command: with or without an argument, it never reads as an unknown one.
            do { _ = try REPLCommand(parsing: name + " x") } catch { #expect(!error.description.contains("unknown")) }
        }
    }
}
