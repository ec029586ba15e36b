import Foundation

/// Tab completion for the REPL: command names, `@handles`, `#tags`, pinned timelines and the ids of the
/// conversations the archive holds. Pure: the
/// line editor asks it for the word under the cursor and inserts what it returns.
public struct Completer: Sendable {
    /// Archived authors, `user@host`.
    public var handles: [String]
    /// Archived hashtags, without `#`.
    public var tags: [String]
    /// Pinned timelines' specs (`home`, `tag:swift`…), and the kinds any spec starts with.
    public var timelines: [String]
    /// The ids of archived direct-message conversations (`conversations <id>`), newest first.
    public var conversations: [String]

    /// The kinds of timeline spec, for `timeline <TAB>` before anything is pinned under them.
    public static let timelineKinds = [
        "home", "local", "federated", "public", "bookmarks", "favourites", "own",
        "mentions", "notifications", "conversations", "tag:", "list:", "remote:",
    ]

    public init(handles: [String], tags: [String], timelines: [String] = [], conversations: [String] = []) {
        self.handles = handles
        self.tags = tags
        self.timelines = timelines
        self.conversations = conversations
    }

    /// What to complete a word to.
    public enum Result: Hashable, Sendable {
        /// These words (possibly none).
        case words([String])
        /// File names: the word is a path (`export`'s argument).
        case fileNames
    }

    /// The completions of `word`, the word being typed, given the text before it on the line.
    /// Handles and tags match without regard to case.
    public func complete(_ word: String, after before: String) -> Result {
        let previous = before.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let command = previous.first?.lowercased() else {
            return .words(REPLCommand.names.filter { $0.hasPrefix(word.lowercased()) })
        }
        if word.hasPrefix("@") { return .words(Self.matching(handles, word.dropFirst(), prefix: "@")) }
        if word.hasPrefix("#") { return .words(Self.matching(tags, word.dropFirst(), prefix: "#")) }
        switch (command, previous.count) {
        case ("account", 1): return .words(Self.matching(handles, Substring(word), prefix: ""))
        case ("tag", 1): return .words(Self.matching(tags, Substring(word), prefix: ""))
        case ("timeline", 1):
            var specs = timelines
            for kind in Self.timelineKinds where !specs.contains(kind) { specs.append(kind) }
            return .words(Self.matching(specs, Substring(word), prefix: ""))
        case ("conversations", 1): return .words(Self.matching(conversations, Substring(word), prefix: ""))
        case ("export", 1): return .fileNames
        case ("search", _) where word.lowercased().hasPrefix("from:@"):
            return .words(Self.matching(handles, word.dropFirst(6), prefix: String(word.prefix(6))))
        default: return .words([])
        }
    }

    private static func matching(_ candidates: [String], _ typed: Substring, prefix: String) -> [String] {
        let key = typed.lowercased()
        return candidates.filter { $0.lowercased().hasPrefix(key) }.map { prefix + $0 }
    }
}
