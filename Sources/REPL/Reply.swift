import Foundation

/// What one command produced. Text is terminal-safe already: server text was stripped of control
/// sequences, and the only escape codes left are Icebox's own colours (when the session has colour on).
public struct Reply: Hashable, Sendable {
    /// For standard output; empty when the command shows nothing.
    public var output: String
    /// A remark for standard error that is not a failure ("No matches.").
    public var note: String?
    /// Why the command failed, in one line; `nil` when it did not.
    public var failure: String?
    /// The session is over.
    public var quit: Bool

    public init(output: String = "", note: String? = nil, failure: String? = nil, quit: Bool = false) {
        self.output = output
        self.note = note
        self.failure = failure
        self.quit = quit
    }

    /// A failed command.
    public static func failed(_ message: String) -> Reply { Reply(failure: message) }
}

/// A command that cannot be carried out, in a sentence for the user.
struct REPLFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
