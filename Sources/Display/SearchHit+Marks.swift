import ArchiveCore
import Foundation

/// What a listed post (a search result, a profile, a thread's line) says besides its words: that its
/// server deleted it, that its words were redacted, that only a file vouches for it. One text for the
/// CLI, the REPL and `show`, so no view prints a redacted post as a blank line.
extension SearchHit {
    /// What stands for a redacted post's words.
    public static let redactedText = "[redacted: its text and media were removed when its server deleted it]"

    /// The words a listing prints: the text, or ``redactedText`` once it was redacted.
    public var listedText: String { redactedAt == nil ? text : Self.redactedText }

    /// The marks after a listed post's date, each `  [...]`, terminal-safe: `[deleted 2026-03-01]`,
    /// `[redacted]`, `[from a file]` (an import's copy no server sent).
    public var marks: String {
        var marks = ""
        if let goneAt { marks += "  [deleted \(String(goneAt.prefix(10)).terminalSafe)]" }
        if redactedAt != nil { marks += "  [redacted]" }
        if fromFile { marks += "  [from a file]" }
        return marks
    }
}
