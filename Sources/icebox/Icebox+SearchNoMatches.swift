import ArchiveCore
import Display
import SearchQuery

extension Icebox.Search {
    /// What stderr says when a search shows nothing: how many matches an `--offset` went past, and how
    /// many the consent policy hid (with `--all` to see them), else "No matches.". Only an empty answer
    /// pays for these counts, so a search that finds something keeps its one query.
    static func noMatchesNote(
        _ query: SearchQuery, offset: Int, consent: ConsentPolicy,
        archive: any ArchiveStore
    ) async throws -> String {
        let shown = offset > 0 ? try await archive.count(query, consent: consent) : 0
        let hidden = consent == .honoured ? try await archive.count(query, consent: .off) - shown : 0
        let hint = "\(SearchResult.hiddenByConsent(hidden)) (--all shows them)"
        switch (shown > 0, hidden > 0) {
        case (true, false): return "No more matches past \(offset) of \(shown)."
        case (true, true): return "No more matches past \(offset) of \(shown); \(hint)."
        case (false, true): return "No matches shown: \(hint)."
        case (false, false): return "No matches."
        }
    }
}
