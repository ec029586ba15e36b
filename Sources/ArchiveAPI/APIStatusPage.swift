import ArchiveCore
import Foundation

/// Archived statuses rendered for the archive's Mastodon API, a page at a time: what the page's statuses
/// point at (the posts they boost, the posts they reply to, the media kept) is read for the whole page
/// in three questions, and each raw JSON is parsed once.
public struct APIStatusPage: Sendable {
    let store: any ArchiveStore
    let mediaAddress: @Sendable (String) -> String

    /// `mediaAddress` gives the address a client loads a kept file from, by its hash.
    public init(store: any ArchiveStore, mediaAddress: @escaping @Sendable (String) -> String) {
        self.store = store
        self.mediaAddress = mediaAddress
    }

    /// The rows as API status objects, in their order, with their ids; a row that cannot be rendered (raw
    /// JSON that is no object, a boost of a post not held) is left out.
    public func render(_ rows: [APIStatusRow]) async throws(ArchiveError) -> (json: Data, ids: [String]) {
        let objects = try await objects(rows)
        let data = (try? JSONSerialization.data(withJSONObject: objects.map(\.object), options: APIJSON.options))
        return (data ?? Data("[]".utf8), objects.map(\.id))
    }

    /// One row as an API status object; `nil` when it cannot be rendered.
    public func render(_ row: APIStatusRow) async throws(ArchiveError) -> Data? {
        guard let object = try await objects([row]).first?.object else { return nil }
        return try? JSONSerialization.data(withJSONObject: object, options: APIJSON.options)
    }

    func objects(_ rows: [APIStatusRow]) async throws(ArchiveError) -> [(id: String, object: [String: Any])] {
        let parsed = rows.compactMap(ParsedStatus.init)
        let boostedURIs = Array(Set(rows.compactMap(\.reblogURI)))
        let boosted = try await store.apiRows(uris: boostedURIs).compactMap(ParsedStatus.init)
        let all = parsed + boosted
        var renderer = APIStatusRenderer(mediaAddress: mediaAddress)
        renderer.boosted = Dictionary(boosted.map { ($0.row.uri, $0) }, uniquingKeysWith: { first, _ in first })
        let servers = Set(all.map { $0.row.rawServer.lowercased() })
        for found in try await store.apiStatuses(serverIDs: Array(Set(all.compactMap(\.parentID)))) {
            let server = found.server.lowercased()
            guard servers.contains(server) else { continue }
            renderer.parents[.init(server: server, id: found.id)] = (found.key, found.author)
        }
        renderer.media = try await store.storedMedia(urls: Array(Set(all.flatMap(\.mediaURLs))))
        return parsed.compactMap { status in
            renderer.object(status).map { (APIStatusID.string(status.row.key), $0) }
        }
    }
}

/// How the API writes JSON: URLs without escaped slashes, as Mastodon writes them.
enum APIJSON {
    static let options: JSONSerialization.WritingOptions = [.withoutEscapingSlashes]

    /// An object as JSON; `{}` should it hold something JSON cannot (it never does: it was read as JSON).
    static func data(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: options)) ?? Data("{}".utf8)
    }
}
