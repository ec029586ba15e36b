import ArchiveCore
import Foundation

/// A page of a Mastodon API list as a client asks for it: `max_id`, `since_id`, `min_id` and `limit`
/// (default 20, at most 40), read as Mastodon reads them.
public struct APIPaging: Sendable, Hashable {
    public var maxID: String?
    public var sinceID: String?
    public var minID: String?
    public var limit: Int

    /// Mastodon's default and largest page of statuses.
    public static let defaultLimit = 20
    public static let maximumLimit = 40

    /// The paging of a query's parameters. A `limit` that is not a positive number is the default; one
    /// above the largest is the largest (as Mastodon clamps it).
    public init(_ parameters: [String: String], defaultLimit: Int = defaultLimit, maximumLimit: Int = maximumLimit) {
        func id(_ name: String) -> String? { parameters[name].flatMap { $0.isEmpty ? nil : $0 } }
        maxID = id("max_id")
        sinceID = id("since_id")
        minID = id("min_id")
        let asked = parameters["limit"].flatMap { Int($0) } ?? defaultLimit
        limit = asked > 0 ? min(asked, maximumLimit) : defaultLimit
    }

    /// The ids this paging names, for the caller to look up the statuses held (``bounds(held:)``).
    public var ids: [String] { [maxID, sinceID, minID].compactMap { $0 } }

    /// The bounds of the page in the archive's order: below `max_id`, above `since_id` or `min_id`
    /// (`min_id` reads upward from it: the page right after it). `held` gives the keys of the statuses
    /// the ids name, when the archive holds them. `nil` when an id is not one of the archive's.
    public func bounds(held: [String: APIStatusKey]) -> APIPageBounds? {
        var bounds = APIPageBounds(limit: limit)
        for (id, apply) in [
            (maxID, { (key: APIStatusKey) in bounds.below = key }),
            (minID ?? sinceID, { (key: APIStatusKey) in bounds.above = key }),
        ] {
            guard let id else { continue }
            guard let key = APIStatusID.key(id, held: held[id]) else { return nil }
            apply(key)
        }
        bounds.oldestFirst = minID != nil
        return bounds
    }

    /// The `Link` header of a page whose statuses, newest first, have ids `ids`: `next` reads on below the
    /// last, `prev` above the first, each with the other parameters of the request kept. `nil` for an
    /// empty page.
    public static func link(base: String, parameters: [String: String], ids: [String]) -> String? {
        link(base: base, lists: parameters.mapValues { [$0] }, ids: ids)
    }

    /// The `Link` header as ``link(base:parameters:ids:)`` gives it, keeping every value of a parameter
    /// the request repeated (`types[]`).
    public static func link(base: String, lists: [String: [String]], ids: [String]) -> String? {
        guard let newest = ids.first, let oldest = ids.last else { return nil }
        let kept = lists.filter { !["max_id", "since_id", "min_id"].contains($0.key) }
            .sorted { $0.key < $1.key }
        func address(_ name: String, _ id: String) -> String {
            var components = URLComponents()
            components.queryItems =
                kept.flatMap { name, values in values.map { URLQueryItem(name: name, value: $0) } } + [
                    URLQueryItem(name: name, value: id)
                ]
            return "<\(base)?\(components.percentEncodedQuery ?? "")>"
        }
        return "\(address("max_id", oldest)); rel=\"next\", \(address("min_id", newest)); rel=\"prev\""
    }
}
