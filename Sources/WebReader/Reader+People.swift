import ArchiveCore
import Display
import Export
import Foundation
import Router

extension Reader {
    /// The people a route lists (issue 44): whom one of the archive's accounts follows and who follows
    /// it, from the relation ledger (ended relations too, with when they ended), and who boosted or
    /// favourited a status (its archived boosts, and its author's notifications). As JSON, the records
    /// `icebox account following --json` prints (`acct`, `name`, `created_at` for who boosted or
    /// favourited). A route whose people the archive does not keep is a 404 that says so.
    func people(_ destination: RouterDestination, _ request: PageRequest) async throws -> Reply {
        let title = destination.title
        var rows: [HTML] = []
        var summary = ""
        var none: HTML = "None archived."
        switch destination {
        case .following(let id), .followers(let id):
            let kind: RelationKind = if case .following = destination { .following } else { .followers }
            guard let relations = try await store.relations(ofHandle: id, kind: kind, includeEnded: true) else {
                throw PageFailure(
                    status: .notFound,
                    message: "The archive keeps the relations of its own accounts only, and \(id) is not one of them.")
            }
            if request.wantsJSON { return try json(relations) }
            let holding = relations.filter { $0.endedAt == nil }.count
            summary = "\(holding) now, \(relations.count - holding) ended"
            rows = relations.map { relation in
                var when = "since \(relation.since.prefix(10))"
                if let ended = relation.endedAt { when += ", ended \(ended.prefix(10))" }
                let who: HTML =
                    relation.url.flatMap({ $0.isWebLink ? $0 : nil }).map {
                        "<a href=\"\($0)\" rel=\"noreferrer noopener\">@\(relation.acct)</a>"
                    } ?? "@\(relation.acct)"
                let state = relation.endedAt == nil ? "holds" : "ended"
                return "<li class=\"\(state)\">\(who) <span class=\"who\">\(relation.displayName) · \(when)</span></li>"
            }
        case .rebloggedBy(let id), .favoritedBy(let id):
            guard let number = try await StatusReference.resolve(id, in: store) else {
                throw PageFailure(status: .notFound, message: "Status \(id) is not in the archive.")
            }
            let favourites = if case .favoritedBy = destination { true } else { false }
            let accounts =
                favourites
                ? try await store.reactions(to: number, type: "favourite") : try await store.boostedBy(number)
            if request.wantsJSON {
                return try json(accounts.map { ["acct": $0.handle, "name": $0.name, "created_at": $0.createdAt] })
            }
            let what = favourites ? "favourite" : "boost"
            summary = "\(accounts.count) archived \(what)\(accounts.count == 1 ? "" : "s")"
            rows = accounts.map { account in
                let route = RouterDestination.accountDetail(id: account.handle)
                return "<li><a href=\"\(route.path)\">@\(account.handle)</a> "
                    + "<span class=\"who\">\(account.name) · \(account.createdAt.prefix(10))</span></li>"
            }
            let known: HTML =
                favourites
                ? "Who favourited a post is known"
                : "Who boosted a post is known from the boosts a timeline carried and"
            none = "None archived. \(known) from its author's notifications (icebox timeline add notifications)."
        default:
            throw PageFailure(status: .notFound, message: "\(title) lists no people.")
        }
        let list: HTML =
            rows.isEmpty ? "<p class=\"note\">\(none)</p>\n" : "<ul class=\"people\">\(rows.joined())</ul>\n"
        let main: HTML = "<header><h1>\(title)</h1><p class=\"summary\">\(summary)</p></header>\n\(list)"
        return .page(PageShell.page(title: title, main: main, version: version))
    }
}
