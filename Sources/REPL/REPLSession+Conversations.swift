import ArchiveCore
import Display
import Foundation
import Router
import SearchQuery

extension REPLSession {
    /// How many conversations the `conversations` screen lists (`icebox conversations` lists them all).
    static let conversationsShown = 100

    /// The conversations a pinned `conversations` timeline kept (issue 44), newest first, one per line with
    /// its path (`conversations <id>` or `url /conversations/<id>` opens it). Every field a server sent is
    /// made safe for one line.
    func conversationList() async throws -> (Reply, Screen) {
        let total = try await archive.conversationCount()
        guard total > 0 else {
            throw REPLFailure(
                "no conversations archived (icebox timeline add conversations pins them; icebox sync reads them)")
        }
        let kept = try await archive.conversations(of: nil, limit: Self.conversationsShown)
        var heading = "conversations: \(total) archived"
        if total > kept.count { heading += ", the newest \(kept.count) shown (icebox conversations lists all)" }
        var lines = [heading]
        for conversation in kept {
            let date = (conversation.lastStatusCreatedAt ?? "-").prefix(16).replacingOccurrences(of: "T", with: " ")
            var line = "\(RouterDestination.conversationDetail(id: conversation.id).path)  \(date)"
            if conversation.unread { line += "  unread" }
            line += "  " + Self.participants(conversation)
            lines.append(line)
            if let text = conversation.lastStatusText {
                lines.append("    " + Snippet(text: text.terminalSafe, words: [], width: 100).text)
            }
        }
        return (Reply(output: lines.joined(separator: "\n").terminalSafe), Screen(listed: nil, status: nil))
    }

    /// One conversation: its participants, then the archived statuses of its last status's thread,
    /// numbered (`open n` opens one).
    func conversationScreen(_ id: String) async throws -> (Reply, Screen) {
        let kept = try await archive.conversations(of: nil, id: id)
        guard !kept.isEmpty else { throw REPLFailure("conversation \(id.terminalSafeLine) is not in the archive") }
        var lines: [String] = []
        var thread: (reply: Reply, listed: [Int64])?
        for conversation in kept {
            var head = "conversation \(conversation.id.terminalSafeLine) of @\(conversation.account.terminalSafeLine)"
            head += conversation.unread ? " (unread)" : ""
            lines.append(head + ": with " + Self.participants(conversation))
            if let number = conversation.lastStatusNumber {
                if thread == nil { thread = try await threadReply(around: number) }
            } else {
                let why =
                    conversation.lastStatusURI == nil ? "it has no last status" : "its last status could not be read"
                lines.append("  no archived status: \(why)")
            }
        }
        if let thread { lines.append(thread.reply.output) }
        return (Reply(output: lines.joined(separator: "\n")), Screen(listed: thread?.listed, status: nil))
    }

    /// `@a@host, @b@host`, or `nobody else` for a conversation with oneself.
    private static func participants(_ conversation: ArchivedConversation) -> String {
        conversation.accounts.isEmpty
            ? "nobody else" : conversation.accounts.map { "@\($0.terminalSafeLine)" }.joined(separator: ", ")
    }
}
