import Foundation

/// Mastodon's cursor parameters: `max_id`, `min_id`, `since_id`, `limit` (default 20, clamped to 1…40).
struct PageParams: Sendable {
    var maxID: String?
    var minID: String?
    var sinceID: String?
    var limit: Int

    init(_ req: APIRequest, defaultLimit: Int = 20, maxLimit: Int = 40) {
        func value(_ name: String) -> String? {
            req.query.first { $0.name == name }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
        }
        maxID = value("max_id")
        minID = value("min_id")
        sinceID = value("since_id")
        limit = min(max(Int(value("limit") ?? "") ?? defaultLimit, 1), maxLimit)
    }

    var hasCursor: Bool { maxID != nil || minID != nil || sinceID != nil }
}

enum Pager {
    /// Picks one page from `keys` (newest first) and returns the chosen indices, newest first.
    ///
    /// `max`: strictly older. `since`: the newest `limit` above it (may leave a gap).
    /// `min`: the `limit` items immediately above it. A cursor that cannot be resolved (`nil` inside
    /// `.some`) yields an empty page.
    ///
    /// `keys` are newest first, so what the bounds let through is one contiguous run of indices, found
    /// by binary search: paging through a 100k-status timeline stays linear overall.
    static func select<C: RandomAccessCollection>(
        _ keys: C, max: C.Element??, min: C.Element??,
        since: C.Element??, limit: Int
    ) -> [Int]
    where C.Element: Comparable, C.Index == Int {
        if max == .some(nil) || min == .some(nil) || since == .some(nil) { return [] }
        // Older than `max`: from the first index whose key is below it.
        let start = (max ?? nil).map { m in partition(keys) { $0 < m } } ?? keys.startIndex
        // Newer than `min` and `since`: up to the first index whose key is not above them.
        let lower = [min ?? nil, since ?? nil].compactMap { $0 }.max()
        let end = lower.map { m in partition(keys) { !(m < $0) } } ?? keys.endIndex
        guard start < end else { return [] }
        let count = Swift.min(limit, end - start)
        return min != nil ? Array((end - count)..<end) : Array(start..<(start + count))
    }

    /// The first index where `isPast` holds, for a predicate that is false and then true along `keys`.
    private static func partition<C: RandomAccessCollection>(_ keys: C, _ isPast: (C.Element) -> Bool) -> Int
    where C.Index == Int {
        var low = keys.startIndex
        var high = keys.endIndex
        while low < high {
            let middle = (low + high) / 2
            if isPast(keys[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Resolves a cursor string with `resolve` (nil when the parameter is absent).
    static func cursor<K>(_ raw: String?, _ resolve: (String) -> K?) -> K?? {
        raw.map(resolve)
    }

    /// `Link: <…max_id=LAST>; rel="next", <…min_id=FIRST>; rel="prev"`, keeping the request's other
    /// parameters except cursors (only `keep` when given, as Mastodon does for tag timelines).
    static func linkHeader(
        base: String, req: APIRequest, keep: Set<String>? = nil,
        next: String, prev: String
    ) -> String {
        let cursorNames: Set<String> = ["max_id", "min_id", "since_id", "access_token"]
        let kept = req.query.filter { !cursorNames.contains($0.name) && (keep?.contains($0.name) ?? true) }
        func url(_ name: String, _ value: String) -> String {
            let items = kept + [QueryPair(name: name, value: value)]
            let query = items.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
            return "\(base)\(req.rawPath)?\(query)"
        }
        return "<\(url("max_id", next))>; rel=\"next\", <\(url("min_id", prev))>; rel=\"prev\""
    }

    static func encode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
