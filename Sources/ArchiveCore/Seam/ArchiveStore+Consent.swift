import Foundation
import SearchQuery

/// The consent policy (see ``ConsentPolicy``) as every view applies it: a search, a timeline, an
/// author's posts and an export leave out the same posts, and each says how many it left out.
extension ArchiveStore {
    /// How many posts matching `query` the policy leaves out: 0 when it is off or no one opted out.
    /// `shown`: the count under the policy when the caller has it already.
    public func hiddenByConsent(
        _ query: SearchQuery, policy: ConsentPolicy, shown: Int? = nil
    ) async throws(ArchiveError) -> Int {
        guard policy == .honoured, try await !optedOutAuthors().isEmpty else { return 0 }
        let kept: Int
        if let shown { kept = shown } else { kept = try await count(query, consent: policy) }
        return max(0, try await count(query, consent: .off) - kept)
    }

    /// Which of `numbers`, posts of the author `handle`, the policy leaves out: none unless the author
    /// opted out of search, else those a search of `from:` the author under the policy does not find (the
    /// user's own posts, and those they marked or were mentioned in, stay).
    public func withheldByConsent(
        _ numbers: [Int64], author handle: String, policy: ConsentPolicy
    ) async throws(ArchiveError) -> Set<Int64> {
        guard policy == .honoured, !numbers.isEmpty, let query = SearchQuery.author(handle),
            try await optedOutAuthors().contains(where: { $0.caseInsensitiveCompare(handle) == .orderedSame })
        else { return [] }
        let kept = try await search(query, sort: .newest, limit: numbers.count, offset: 0, consent: policy)
        return Set(numbers).subtracting(kept.map(\.number))
    }
}

extension ArchiveListing {
    /// The search that finds this listing's posts, so that a listing goes through the same consent policy
    /// as a search of them: an author's posts (`from:`), a hashtag's (`#tag`, and `from:` for one
    /// author's). `nil` when the author is no `user@host` (no stored post has such an author).
    public var searchQuery: SearchQuery? {
        switch self {
        case .author(let handle):
            return SearchQuery.author(handle)
        case .tag(let tag, let handle):
            let query = SearchQuery(filters: [.init(.tag(TagStatements.listed(tag)))])
            guard let handle else { return query }
            guard let author = SearchQuery.author(handle) else { return nil }
            return SearchQuery(filters: query.filters + author.filters)
        }
    }
}

extension SearchQuery {
    /// An author's posts (`from:@user@host`), so that a listing or an export of them goes through the same
    /// consent policy as a search of them; `nil` when `handle` is no `user@host`.
    public static func author(_ handle: String) -> SearchQuery? {
        let parts = handle.split(separator: "@", maxSplits: 1)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return SearchQuery(filters: [.init(.from(user: String(parts[0]), host: String(parts[1])))])
    }
}
