import Foundation

/// A status's place in the archive's date order, as the API pages by it: its `created_at` (text in
/// Mastodon's format, which sorts as time does) and its number (ties of the same millisecond).
public struct APIStatusKey: Sendable, Hashable, Comparable {
    public var createdAt: String
    public var number: Int64

    public init(createdAt: String, number: Int64) {
        self.createdAt = createdAt
        self.number = number
    }

    public static func < (left: Self, right: Self) -> Bool {
        (left.createdAt, left.number) < (right.createdAt, right.number)
    }
}

/// Which part of a scope a page reads: keys strictly below `below` and strictly above `above` (either
/// open), `limit` of them, the newest first unless `oldestFirst` (Mastodon's `min_id`: the page right
/// above it, given back newest first by the caller).
public struct APIPageBounds: Sendable, Hashable {
    public var below: APIStatusKey?
    public var above: APIStatusKey?
    public var oldestFirst: Bool
    public var limit: Int

    public init(below: APIStatusKey? = nil, above: APIStatusKey? = nil, oldestFirst: Bool = false, limit: Int) {
        self.below = below
        self.above = above
        self.oldestFirst = oldestFirst
        self.limit = limit
    }
}
