import ArchiveCore
import Display
import Export
import Foundation
import Models
import Router
import SearchQuery

extension Reader {
    /// An account's or a hashtag's posts, newest first, a page at a time.
    func listing(_ listing: ArchiveListing, title: String, _ request: PageRequest) async throws -> Reply {
        if request.wantsJSON {
            let hits = try await store.posts(listing, limit: Self.pageSize, offset: request.offset)
            return try json(hits.map { SearchResult(hit: $0, words: []) })
        }
        // The total alongside the page's rows, kept while the store does not change (`CountCache`).
        let store = self.store
        async let counted = cachedCounts("listing:\(listing)", consent: .off) { [try await store.count(listing)] }
        let hits = try await store.posts(listing, limit: Self.pageSize, offset: request.offset)
        let total = try await counted[0]
        guard total > 0 else { throw PageFailure(status: .notFound, message: "\(title) has no posts in the archive.") }
        return try await statusesPage(hits.map(\.number), title: title, total: total, request)
    }

    /// A pinned timeline (or a list's) as it was seen, newest first: everyone's posts, as the REPL
    /// browses a timeline (consent limits search, not reading what a timeline carried).
    func timeline(_ destination: RouterDestination, _ request: PageRequest) async throws -> Reply {
        let text: String
        switch destination {
        case .list(let list): text = "list:\(list.id)"
        default: text = destination.timelineSpec?.description ?? ""
        }
        guard let spec = try? TimelineSpec(parsing: text) else {
            throw PageFailure(status: .notFound, message: "\(text) is not a timeline.")
        }
        let query = SearchQuery(filters: [.init(.inTimeline(spec.description))])
        if request.wantsJSON {
            let hits = try await store.search(
                query, sort: .newest, limit: Self.pageSize, offset: request.offset, consent: .off)
            return try json(hits.map { SearchResult(hit: $0, words: []) })
        }
        let store = self.store
        async let counted = cachedCounts("timeline:\(spec)", consent: .off) {
            [try await store.count(query, consent: .off)]
        }
        let hits = try await store.search(
            query, sort: .newest, limit: Self.pageSize, offset: request.offset, consent: .off)
        let total = try await counted[0]
        guard total > 0 else {
            throw PageFailure(status: .notFound, message: "\(destination.title) has no archived posts.")
        }
        return try await statusesPage(hits.map(\.number), title: destination.title, total: total, request)
    }

    /// A page of statuses through the export's renderer, with the total, a note and the pager.
    func statusesPage(
        _ numbers: [Int64], title: String, total: Int, _ request: PageRequest, note: String = "",
        query: String = ""
    ) async throws -> Reply {
        var main: String
        let summary = Self.totalText(total, shown: request.offset..<(request.offset + numbers.count))
        if numbers.isEmpty {
            main = "<header><h1>\(StatusPage.escaped(title))</h1><p class=\"summary\">\(summary)</p></header>\n"
            main += "<p class=\"note\">No posts on this page.</p>"
        } else {
            let page = try await StatusPage.statuses(numbers, title: title, summary: summary, in: store)
            main = page.mainHTML
        }
        if !note.isEmpty {
            // After the header: the note belongs to the total, above the posts.
            if let end = main.range(of: "</header>\n") {
                main.insert(contentsOf: note, at: end.upperBound)
            } else {
                main += note
            }
        }
        main += pager(total: total, request)
        return .page(PageShell.page(title: title, main: main, query: query, version: version))
    }

    /// "208 posts", and which are on this page when not all are: "208 posts, 21–40 shown".
    static func totalText(_ total: Int, shown: Range<Int>) -> String {
        let posts = "\(total) post\(total == 1 ? "" : "s")"
        guard total > shown.count, !shown.isEmpty else { return posts }
        return "\(posts), \(shown.lowerBound + 1)–\(shown.upperBound) shown"
    }

    /// Links to the previous and next pages, keeping the rest of the query (`q`, `all`, `sort`).
    private func pager(total: Int, _ request: PageRequest) -> String {
        let pages = max(1, (total + Self.pageSize - 1) / Self.pageSize)
        guard pages > 1 else { return "" }
        func link(_ page: Int, _ text: String) -> String {
            var values = request.values
            values["page"] = String(page)
            let query = values.sorted { $0.key < $1.key }.map { "\(Self.encoded($0.key))=\(Self.encoded($0.value))" }
            let path = request.path.hasPrefix("/") && !request.path.hasPrefix("//") ? request.path : "/"
            let href = path + "?" + query.joined(separator: "&")
            return "<a href=\"\(StatusPage.escaped(href))\" rel=\"\(text == "Newer" ? "prev" : "next")\">\(text)</a>"
        }
        let page = request.page
        let newer = page > 1 ? link(min(page - 1, pages), "Newer") : "<span></span>"
        let older = page < pages ? link(page + 1, "Older") : "<span></span>"
        let position = "<span class=\"note\">page \(min(page, pages)) of \(pages)</span>"
        return "<nav class=\"pager\">\(newer)\(position)\(older)</nav>"
    }

    /// A query value percent-encoded (unreserved characters only).
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
