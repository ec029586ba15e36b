import ArchiveCore
import Display
import Foundation
import Models
import SearchQuery

extension REPLSession {
    /// `thread`: the conversation of the status on screen, numbered in conversation order.
    mutating func showThread() async throws -> Reply {
        let number = try currentStatus(for: "thread")
        let (reply, listed) = try await threadReply(around: number)
        guard var screen = top else { return reply }
        screen.listed = listed
        screen.showsThread = true
        redraw(screen)
        return reply
    }

    /// The conversation around `number` as numbered lines, replies indented under what they answer.
    func threadReply(around number: Int64) async throws -> (reply: Reply, listed: [Int64]) {
        let tree = try await archive.thread(around: number)
        let hits = Dictionary(
            try await archive.posts(numbered: tree.numbers).map { ($0.number, $0) },
            uniquingKeysWith: { first, _ in first })
        let count = tree.nodes.count
        var lines = [
            "thread of [\(tree.focus)]: \(count) archived status\(count == 1 ? "" : "es")"
                + (tree.rootIsReply ? "; the first replies to a status not in the archive" : "")
        ]
        for (index, node) in tree.nodes.enumerated() {
            let indent = String(repeating: "  ", count: node.depth)
            guard let hit = hits[node.number] else { continue }
            let date = hit.createdAt.prefix(16).replacingOccurrences(of: "T", with: " ")
            let isFocus = node.number == tree.focus
            var head = "\(index + 1). \(indent)[\(hit.number)] @\(hit.acct.terminalSafe) · \(date) UTC\(hit.marks)"
            if isFocus { head += colour ? "  \u{1B}[1m◀ this status\u{1B}[0m" : "  ◀ this status" }
            let text = hit.spoilerText.isEmpty ? hit.listedText : "[CW: \(hit.spoilerText)] \(hit.listedText)"
            lines.append(head)
            lines.append("    \(indent)" + Snippet(text: text.terminalSafe, words: [], width: 100).text)
        }
        return (Reply(output: lines.joined(separator: "\n")), tree.numbers)
    }
}
