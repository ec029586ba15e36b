import Foundation
import Models

extension ExportDocument {
    /// How a post's audience reads on the page and in the Markdown: `nil` for a public post, else
    /// `direct message`, `followers only`, `unlisted`, or `visibility: <what the server said>`.
    static func visibilityLabel(_ visibility: Visibility) -> String? {
        switch visibility {
        case .public: nil
        case .direct: "direct message"
        case .private: "followers only"
        case .unlisted: "unlisted"
        default: "visibility: " + visibility.rawValue.prefix(40).filter { !$0.isNewline }
        }
    }

    /// Whether a post was meant for fewer people than anyone with the link: direct messages,
    /// followers-only posts, and anything a server marks with a visibility Icebox does not know.
    static func isRestricted(_ visibility: Visibility) -> Bool {
        visibility != .public && visibility != .unlisted
    }

    /// How many exported posts are direct messages and followers-only (or of an unknown audience).
    var restrictedCounts: (direct: Int, followersOnly: Int) {
        let restricted = items.map(\.status.visibility).filter(Self.isRestricted)
        let direct = restricted.filter { $0 == .direct }.count
        return (direct, restricted.count - direct)
    }

    /// Leaves out direct and followers-only posts. A reply to a post left out hangs from the nearest
    /// ancestor kept (or starts the tree when there is none); the focus moves the same way. Returns how
    /// many posts were left out.
    mutating func dropRestricted() -> Int {
        let kept = items.indices.filter { !Self.isRestricted(items[$0].status.visibility) }
        guard kept.count < items.count else { return 0 }
        var newIndex: [Int: Int] = [:]
        for (position, old) in kept.enumerated() { newIndex[old] = position }
        func keptAncestor(_ index: Int?) -> Int? {
            var current = index
            while let at = current {
                if let mapped = newIndex[at] { return mapped }
                current = items[at].parent
            }
            return nil
        }
        var result: [Item] = []
        for old in kept {
            var item = items[old]
            item.parent = keptAncestor(item.parent)
            item.depth = item.parent.map { result[$0].depth + 1 } ?? 0
            result.append(item)
        }
        if case .thread(let focus, let rootIsReply) = kind {
            kind = .thread(focus: keptAncestor(focus) ?? 0, rootIsReply: rootIsReply)
        }
        let dropped = items.count - result.count
        items = result
        leftOut += dropped
        return dropped
    }

    /// The sentence the page and the Markdown carry when posts were left out (never which ones).
    var leftOutNote: String? {
        leftOut > 0 ? "Some posts of this \(isThread ? "thread" : "set") were left out: they were not public." : nil
    }

    var isThread: Bool {
        if case .thread = kind { return true }
        return false
    }
}
