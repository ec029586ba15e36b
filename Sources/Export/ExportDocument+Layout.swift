import Foundation

extension ExportDocument {
    /// How far replies move right on the page: beyond this a reply stays at this level and says whom it
    /// answers, so a long back-and-forth never squeezes its text into a sliver on a phone.
    static let maxIndentLevel = 3

    /// Where a status sits on the page.
    struct Placement: Equatable {
        /// 0 … ``maxIndentLevel``: how many indentation steps the page gives it.
        var level: Int
        /// The author continuing their own post directly above: shown flat, in the same column.
        var continuation: Bool
        /// Whose post it answers, shown when the indentation no longer can (or the post it answers is not
        /// directly above it).
        var replyingTo: String?
    }

    /// Each item's placement, in `items` order. An author's reply to their own post (a self-thread, the
    /// most common long thread) keeps its parent's column; a reply from someone else moves one step
    /// right, up to ``maxIndentLevel``. A set (search results, a timeline) is flat.
    var placements: [Placement] {
        guard case .thread = kind else {
            return items.map { _ in Placement(level: 0, continuation: false, replyingTo: nil) }
        }
        var placements: [Placement] = []
        for (index, item) in items.enumerated() {
            guard let parent = item.parent, parent < placements.count else {
                placements.append(Placement(level: 0, continuation: false, replyingTo: nil))
                continue
            }
            let above = placements[parent]
            let parentHandle = items[parent].handle
            let adjacent = parent == index - 1
            if parentHandle == item.handle {
                placements.append(
                    Placement(
                        level: above.level, continuation: adjacent,
                        replyingTo: adjacent ? nil : parentHandle))
            } else {
                let capped = above.level + 1 > Self.maxIndentLevel
                placements.append(
                    Placement(
                        level: min(above.level + 1, Self.maxIndentLevel), continuation: false,
                        replyingTo: capped || !adjacent ? parentHandle : nil))
            }
        }
        return placements
    }
}
