import Foundation
import SearchQuery

/// The order of search results.
public enum SearchSort: String, Sendable, CaseIterable, Codable {
    /// Best match first (BM25 over the word index; newest first when only filters were given).
    case relevance
    case newest
    case oldest
}
