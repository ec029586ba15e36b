import ArchiveCore
import Export
import Foundation
import Router

extension Reader {
    /// The direct-message conversations a pinned `conversations` timeline kept (issue 44), newest first, a
    /// page at a time with the total; each links to its page. As JSON, `icebox conversations --json`'s
    /// records, paged as the other listings are (`Link`, `X-Total-Count`).
    func conversationsPage(_ request: PageRequest) async throws -> Reply {
        let store = self.store
        let total = try await cachedCounts("conversations", consent: .off) { [try await store.conversationCount()] }
            .counts[0]
        let kept = try await store.conversations(of: nil, limit: Self.pageSize, offset: request.offset)
        let hasMore = request.offset + kept.count < total
        if request.wantsJSON { return try jsonPage(kept, hasMore: hasMore, total: .exact(total), request) }
        let title = "Direct-message conversations"
        guard total > 0 else {
            throw PageFailure(
                status: .notFound,
                message:
                    "No conversations archived (icebox timeline add conversations pins them; icebox sync reads them).")
        }
        var summary = "\(total) conversation\(total == 1 ? "" : "s")"
        if total > kept.count, !kept.isEmpty {
            summary += ", \(request.offset + 1)–\(request.offset + kept.count) shown"
        }
        let rows: [HTML] = kept.map { conversation in
            let route = RouterDestination.conversationDetail(id: conversation.id)
            let when = (conversation.lastStatusCreatedAt ?? "no date").prefix(16).replacingOccurrences(
                of: "T", with: " ")
            let text: HTML =
                conversation.lastStatusText.map { "<p class=\"snippet\">\(String($0.prefix(200)))</p>" } ?? ""
            return "<li class=\"\(conversation.unread ? "unread" : "read")\"><a href=\"\(route.path)\">"
                + "\(Self.participants(conversation))</a> <span class=\"who\">\(when)"
                + "\(conversation.unread ? " · unread" : "")</span>\(text)</li>"
        }
        var main: HTML = "<header><h1>\(title)</h1><p class=\"summary\">\(summary)</p></header>\n"
        main +=
            rows.isEmpty ? "<p class=\"note\">None on this page.</p>\n" : "<ul class=\"people\">\(rows.joined())</ul>\n"
        main += pager(total: .exact(total), hasMore: hasMore, request)
        return .page(PageShell.page(title: title, main: main, version: version))
    }

    /// One conversation: its participants, then the archived thread of its last status (the status and,
    /// through the archive's thread walk, its context). As JSON, its `icebox conversations --json` record
    /// (one per archiving account that keeps a conversation of that id).
    func conversation(_ id: String, _ request: PageRequest) async throws -> Reply {
        let kept = try await store.conversations(of: nil, id: id)
        guard !kept.isEmpty else {
            throw PageFailure(status: .notFound, message: "Conversation \(id) is not in the archive.")
        }
        if request.wantsJSON { return try json(kept) }
        let title = RouterDestination.conversationDetail(id: id).title
        var main: HTML = "<header><h1>\(title)</h1></header>\n"
        var threadOf: Int64?
        for conversation in kept {
            main += "<p class=\"summary\">@\(conversation.account) with \(Self.participants(conversation))"
            main += "\(conversation.unread ? " · unread" : "")</p>\n"
            if let number = conversation.lastStatusNumber {
                threadOf = threadOf ?? number
            } else {
                let why =
                    conversation.lastStatusURI == nil ? "it has no last status" : "its last status could not be read"
                main += "<p class=\"note\">No archived status: \(why).</p>\n"
            }
        }
        if let threadOf { main += try await StatusPage.thread(around: threadOf, in: store).mainHTML }
        return .page(PageShell.page(title: title, main: main, version: version))
    }

    /// `@a@host, @b@host`, or `nobody else` for a conversation with oneself.
    private static func participants(_ conversation: ArchivedConversation) -> String {
        conversation.accounts.isEmpty ? "nobody else" : conversation.accounts.map { "@\($0)" }.joined(separator: ", ")
    }
}
