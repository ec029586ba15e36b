import ArchiveCore
import Display
import Export
import Foundation
import SearchQuery

extension Reader {
    /// Search results as `icebox search` finds them: every operator, the archive's consent setting
    /// (`all=1` as `--all`), newest first unless `sort=` says otherwise, the total, and the CLI's note
    /// when the consent policy hid some.
    func search(_ text: String, _ request: PageRequest) async throws -> Reply {
        let query: SearchQuery
        do { query = try SearchQuery(parsing: text) } catch {
            throw PageFailure(status: .badRequest, message: "Search: \(error.description)")
        }
        guard !query.isEmpty else { throw PageFailure(status: .badRequest, message: "Give something to search for.") }
        let sort = request.value("sort").flatMap(SearchSort.init(rawValue:)) ?? .newest
        var consent = ConsentPolicy.off
        if !request.showsAll { consent = try await store.consentPolicy() }
        // The total (the search's dearest part at scale) is counted alongside the page's rows, on another
        // connection when the store has more than one, and kept for the next page (`totals`). One row more
        // than the page tells the pager whether there is a next one when the total is a floor.
        async let counted = totals(query, key: "search:" + text, consent: consent, bound: countBound(request))
        let hits = try await store.search(
            query, sort: sort, limit: Self.pageSize + 1, offset: request.offset, consent: consent)
        if request.wantsJSON {
            let records = hits.prefix(Self.pageSize).map { SearchResult(hit: $0, words: query.highlightedWords) }
            return try jsonPage(records, hasMore: hits.count > Self.pageSize, total: try await counted.total, request)
        }
        async let loaded = loadedPage(hits.map(\.number), title: "Search: \(text)")
        let (total, hidden) = try await counted
        var note = HTML()
        for warning in query.warnings { note += "<p class=\"note\">\(warning)</p>\n" }
        if let hidden, hidden.count > 0 || !hidden.isExact {
            note += Self.hiddenNote(hidden, showing: "/search?q=\(Self.encoded(text))&all=1")
        }
        if hits.isEmpty && total.isZero { note += "<p class=\"note\">No matches.</p>\n" }
        note += Self.operatorsHelp
        return statusesPage(
            hits.map(\.number), try await loaded, title: "Search: \(text)", total: total, request, note: note,
            query: text)
    }

    /// The note on the posts consent hid, as true as the counts allow: "3 matches are hidden because …"
    /// (the CLI's words), "at least 3 matches are hidden …" when only a floor is known, and no number when
    /// not even that is (both totals stopped at the bound).
    static func hiddenText(_ hidden: PageTotal) -> String {
        if hidden.isExact { return SearchResult.hiddenByConsent(hidden.count) }
        guard hidden.count > 0 else { return "Matches by authors who opted out of search are not shown" }
        return "At least " + SearchResult.hiddenByConsent(hidden.count)
    }

    /// ``hiddenText(_:)`` as a page's note, linking `href`, which shows them.
    static func hiddenNote(_ hidden: PageTotal, showing href: String) -> HTML {
        "<p class=\"hidden-note\">\(hiddenText(hidden)) (<a href=\"\(href)\">show them</a>).</p>\n"
    }

    /// How many posts a search finds under `consent` (counted up to `bound` when given), and how many more
    /// `all=1` would show: `nil` when no one opted out, or consent is off.
    /// Kept while the store has not changed (see `CountCache`): the next page of a search counts nothing.
    /// `boundWhenHiding`: the bound when `bound` is nil and consent hides someone's posts (a timeline,
    /// exact from its entries until then). Who opted out is asked once a page at most: here, before the
    /// cache when the bound depends on it, else only when counting.
    func totals(
        _ query: SearchQuery, key: String, consent: ConsentPolicy, bound: Int?, boundWhenHiding: Int? = nil
    ) async throws -> (total: PageTotal, hidden: PageTotal?) {
        let store = self.store
        var hides: Bool?
        if consent != .honoured {
            hides = false
        } else if bound == nil, boundWhenHiding != nil {
            hides = try await !store.optedOutAuthors().isEmpty
        }
        let bound = hides == true ? boundWhenHiding : bound
        let known = hides
        let counted = try await cachedCounts(key, consent: consent, bound: bound) {
            let total = try await store.count(query, consent: consent, atMost: bound)
            let hidesSome: Bool
            if let known { hidesSome = known } else { hidesSome = try await !store.optedOutAuthors().isEmpty }
            guard hidesSome else { return [total] }
            // A total that stopped at the bound leaves everyone's stopped there too, and the hidden ones
            // unknown: not counted (on PostgreSQL, a second pass over as many rows).
            if let bound, total == bound { return [total, bound] }
            return [total, try await store.count(query, consent: .off, atMost: bound)]
        }
        let total = PageTotal(counted: counted.counts[0], bound: counted.bound)
        guard counted.counts.count > 1 else { return (total, nil) }
        let all = PageTotal(counted: counted.counts[1], bound: counted.bound)
        return (total, PageTotal.hidden(shown: total, all: all))
    }

    /// `/search` with nothing to search for: the form's help alone.
    func searchForm(_ request: PageRequest) -> Reply {
        if request.wantsJSON { return (try? json([SearchResult]())) ?? .json(Data("[]\n".utf8)) }
        let main: HTML = "<header><h1>Search</h1></header>\n" + Self.operatorsHelp
        return .page(PageShell.page(title: "Search", main: main, version: version))
    }

    /// What the search box understands, folded (no script: `<details>`).
    static let operatorsHelp: HTML = """
        <details class="operators"><summary>Search operators</summary>
        <p>Words, <code>"exact phrases"</code>, <code>-excluded</code>, <code>a OR b</code>, <code>prefix*</code>, \
        <code>#hashtag</code>, <code>from:@user@host</code>, <code>from:me</code>, <code>from:following</code>, \
        <code>has:media|image|video|audio|poll|link|embed|alt</code>, <code>is:reply|sensitive|boost</code>, \
        <code>is:bookmarked|favourited</code>, <code>is:direct|private|unlisted|public</code>, \
        <code>language:xx</code>, <code>before:</code>/<code>after:</code>/<code>during:YYYY-MM-DD</code>, \
        <code>in:home</code>, <code>in:tag:swift</code>, <code>account:user@host</code>; each can be negated \
        with <code>-</code>. Add <code>&amp;sort=oldest</code> or <code>relevance</code> to the address to \
        reorder.</p></details>

        """
}
