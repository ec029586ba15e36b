import ArchiveCore
import Display
import Export
import Foundation
import Models
import Router
import SearchQuery

extension Reader {
    /// An account's or a hashtag's posts, newest first, a page at a time, under the consent policy as a
    /// search of them (see `consentedListing`, `ArchiveListing.searchQuery`).
    /// `note`: shown above the posts (an author's profile history).
    func listing(_ listing: ArchiveListing, title: String, _ request: PageRequest, note: HTML = HTML()) async throws
        -> Reply
    {
        if let query = listing.searchQuery {
            return try await consentedListing(
                query, key: "listing:\(listing)".lowercased(), title: title,
                empty: "\(title) has no posts in the archive.", bound: countBound(request), request, note: note)
        }
        // The total alongside the page's rows, kept while the store does not change (`CountCache`).
        let store = self.store
        async let counted = cachedCounts("listing:\(listing)", consent: .off) { [try await store.count(listing)] }
        let hits = try await store.posts(listing, limit: Self.pageSize, offset: request.offset)
        if request.wantsJSON {
            let total = try await counted.counts[0]
            let records = hits.map { SearchResult(hit: $0, words: []) }
            return try jsonPage(records, hasMore: request.offset + hits.count < total, total: .exact(total), request)
        }
        async let loaded = loadedPage(hits.map(\.number), title: title)
        let total = try await counted.counts[0]
        guard total > 0 else { throw PageFailure(status: .notFound, message: "\(title) has no posts in the archive.") }
        return statusesPage(
            hits.map(\.number), try await loaded, title: title, total: .exact(total), request, note: note)
    }

    /// A pinned timeline (or a list's), newest first, under the one consent policy (see
    /// `consentedListing`); its total exact at any size, as the README promises (counted from its entries).
    func timeline(_ destination: RouterDestination, _ request: PageRequest) async throws -> Reply {
        let text: String
        switch destination {
        case .list(let list): text = "list:\(list.id)"
        default: text = destination.timelineSpec?.description ?? ""
        }
        guard let spec = try? TimelineSpec(parsing: text) else {
            throw PageFailure(status: .notFound, message: "\(text) is not a timeline.")
        }
        if spec == .notifications { return try await notificationsPage(request) }
        let query = SearchQuery(filters: [.init(.inTimeline(spec.description))])
        // A list keeps its title ("list Friends"); a pinned timeline is named in words, not as typed.
        let title: String
        if case .list = destination { title = destination.title } else { title = spec.heading }
        return try await consentedListing(
            query, key: "timeline:\(spec)", title: title, empty: "\(title) has no archived posts.", bound: nil,
            request)
    }

    /// The posts `query` finds, newest first, under the archive's consent policy (`all=1`: everyone's), as
    /// `icebox search` and a search page find them, with the same note on what consent hid: a timeline's
    /// and an author's page. `key`: what the totals are kept under (see `CountCache`); `bound`: where
    /// counting may stop (nil: exact).
    func consentedListing(
        _ query: SearchQuery, key: String, title: String, empty: String, bound: Int?, _ request: PageRequest,
        note shown: HTML = HTML()
    ) async throws -> Reply {
        let consent: ConsentPolicy = request.showsAll ? .off : try await store.consentPolicy()
        // A timeline's total is exact and cheap from its entries while consent hides none; once someone
        // opted out every row is read, so the page's count bound applies then too.
        async let counted = totals(
            query, key: key, consent: consent, bound: bound, boundWhenHiding: countBound(request))
        // One more than the page: whether there is a next one, when the total is a floor.
        let hits = try await store.search(
            query, sort: .newest, limit: Self.pageSize + 1, offset: request.offset, consent: consent)
        if request.wantsJSON {
            let records = hits.prefix(Self.pageSize).map { SearchResult(hit: $0, words: []) }
            return try jsonPage(records, hasMore: hits.count > Self.pageSize, total: try await counted.total, request)
        }
        async let loaded = loadedPage(hits.map(\.number), title: title)
        let (total, hidden) = try await counted
        var note = shown
        if let hidden, hidden.count > 0 || !hidden.isExact {
            note += Self.hiddenNote(hidden, showing: request.href(setting: "all", to: "1"))
        }
        guard !total.isZero || !note.isEmpty else { throw PageFailure(status: .notFound, message: empty) }
        return statusesPage(hits.map(\.number), try await loaded, title: title, total: total, request, note: note)
    }

    /// The statuses a page shows (the first `pageSize` of `numbers`), read and decoded: a listing starts
    /// this as soon as it has its rows, so that it runs while the total is still being counted (on
    /// PostgreSQL the total of a common word takes longer than the rest of the page). `nil`: none.
    func loadedPage(_ numbers: [Int64], title: String) async throws -> StatusPage.Loaded? {
        let shown = Array(numbers.prefix(Self.pageSize))
        guard !shown.isEmpty else { return nil }
        return try await StatusPage.loading(shown, title: title, in: store)
    }

    /// A page of statuses through the export's renderer, with the total, a note and the pager. `numbers`:
    /// the page's statuses, and the next page's first when there is one (not shown: it tells the pager
    /// there is more when the total is a floor); `loaded`: the shown ones, from `loadedPage`.
    func statusesPage(
        _ numbers: [Int64], _ loaded: StatusPage.Loaded?, title: String, total: PageTotal, _ request: PageRequest,
        note: HTML = HTML(), query: String = ""
    ) -> Reply {
        let hasMore = numbers.count > Self.pageSize
        let shown = min(numbers.count, Self.pageSize)
        let summary = Self.totalText(total, shown: request.offset..<(request.offset + shown))
        var note = note
        if !total.isExact {
            let all = request.href(setting: "count", to: "all")
            note =
                "<p class=\"count-note\">Counted up to \(PageTotal.grouped(total.count - 1)) "
                + "(<a href=\"\(all)\">count them all</a>).</p>\n\(note)"
        }
        // After the header: the note belongs to the total, above the posts.
        var main: HTML
        if let loaded {
            main = loaded.page(summary: summary, note: note).mainHTML
        } else {
            main = "<header><h1>\(title)</h1><p class=\"summary\">\(summary)</p></header>\n\(note)"
            main += "<p class=\"note\">No posts on this page.</p>"
        }
        main += pager(total: total, hasMore: hasMore, request)
        return .page(PageShell.page(title: title, main: main, query: query, version: version))
    }

    /// "208 posts", and which are on this page when not all are: "208 posts, 21–40 shown"; "more than
    /// 1,000 posts, 21–40 shown" when the total is a floor.
    static func totalText(_ total: PageTotal, shown: Range<Int>) -> String {
        guard !total.isExact || total.count > shown.count, !shown.isEmpty else { return total.text }
        return "\(total.text), \(shown.lowerBound + 1)–\(shown.upperBound) shown"
    }

    /// Links to the previous and next pages, keeping the rest of the query (`q`, `all`, `sort`, `count`).
    /// With a floor for a total, the next page is offered while this one came back full and more followed.
    func pager(total: PageTotal, hasMore: Bool, _ request: PageRequest) -> HTML {
        let page = request.page
        let pages = total.isExact ? max(1, (total.count + Self.pageSize - 1) / Self.pageSize) : nil
        let last = pages ?? (hasMore ? page + 1 : page)
        guard last > 1 else { return HTML() }
        func link(_ page: Int, _ text: String) -> HTML {
            let href = request.href(setting: "page", to: String(page))
            return "<a href=\"\(href)\" rel=\"\(text == "Newer" ? "prev" : "next")\">\(text)</a>"
        }
        let newer = page > 1 ? link(min(page - 1, last), "Newer") : "<span></span>"
        let older = page < last ? link(page + 1, "Older") : "<span></span>"
        let position: HTML = "<span class=\"note\">page \(min(page, last))\(pages.map { " of \($0)" } ?? "")</span>"
        return "<nav class=\"pager\">\(newer)\(position)\(older)</nav>"
    }

    /// A query value percent-encoded (unreserved characters only).
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
