import ArchiveCore
import Display
import SearchQuery

extension Icebox.Search {
    /// What stderr says when a search shows nothing: how many matches an `--offset` went past, and how
    /// many the consent policy hid (with `--all` to see them), else "No matches.".
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

    /// When some matches are shown and the consent policy hid others, says so on stderr, as serve's
    /// pages do: "6 matches are hidden because their authors opted out of search (--all shows them)."
    /// Costs counts only when someone opted out and the policy is honoured.
    static func noteHidden(
        _ query: SearchQuery, consent: ConsentPolicy, shown: Int?, archive: any ArchiveStore
    ) async throws {
        let hidden = try await archive.hiddenByConsent(query, policy: consent, shown: shown)
        guard hidden > 0 else { return }
        Console.err("\(SearchResult.hiddenByConsent(hidden)) (--all shows them).")
    }
}
