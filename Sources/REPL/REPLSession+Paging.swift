import ArchiveCore
import Display
import Foundation
import SearchQuery

/// Where a numbered list comes from: what `more` and `prev` page through and `export` writes whole.
enum ListSource: Sendable {
    /// A search, with the consent policy it runs under (the archive's, as for every view).
    case search(SearchQuery, consent: ConsentPolicy)
    case listing(ArchiveListing)
}

extension REPLSession {
    /// Fills `screen` with the page at its `offset` and says what it shows.
    func page(_ screen: Screen) async throws -> (Reply, Screen) {
        var screen = screen
        let hits = try await hits(of: screen.source, limit: pageSize, offset: screen.offset)
        screen.listed = hits.map(\.number)
        guard !hits.isEmpty else { return (Reply(note: "No matches."), screen) }
        var header = screen.heading
        if screen.total > hits.count {
            header += ", \(screen.offset + 1) to \(screen.offset + hits.count) shown"
            if screen.offset + hits.count < screen.total { header += " (more for the next \(pageSize))" }
        }
        var lines = [header]
        for (index, hit) in hits.enumerated() {
            let position = screen.offset + index + 1
            let number = colour ? "\u{1B}[1m\(position).\u{1B}[0m" : "\(position)."
            lines.append("\(number) " + SearchResult(hit: hit, words: screen.words).listing(colour: colour))
        }
        return (Reply(output: lines.joined(separator: "\n")), screen)
    }

    /// `more` (`pages` 1) and `prev` (-1): another page of the list on screen, in place.
    mutating func page(by pages: Int) async throws -> Reply {
        let name = pages > 0 ? "more" : "prev"
        guard let top, top.listed != nil else { throw REPLFailure("\(name): no list on screen") }
        guard top.source != nil else { throw REPLFailure("\(name): the whole list is on screen already") }
        let offset = top.offset + pages * pageSize
        guard offset >= 0 else { throw REPLFailure("prev: this is the first page") }
        guard offset < top.total else { throw REPLFailure("more: that was the last page (\(top.total) in all)") }
        var moved = top
        moved.offset = offset
        let (reply, screen) = try await page(moved)
        redraw(screen)
        return reply
    }

    /// Every archive number of the list on the top screen, in its order (not only the page shown).
    func everyListed(_ screen: Screen) async throws -> [Int64] {
        guard screen.source != nil else { return screen.listed ?? [] }
        return try await hits(of: screen.source, limit: max(screen.total, 1), offset: 0).map(\.number)
    }

    private func hits(of source: ListSource?, limit: Int, offset: Int) async throws -> [SearchHit] {
        switch source {
        case .search(let query, let consent):
            try await archive.search(query, limit: limit, offset: offset, consent: consent)
        case .listing(let listing): try await archive.posts(listing, limit: limit, offset: offset)
        case nil: []
        }
    }
}
