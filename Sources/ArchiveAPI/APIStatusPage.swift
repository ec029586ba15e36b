import ArchiveCore
import Foundation

/// Archived statuses rendered for the archive's Mastodon API, a page at a time: what the page's statuses
/// point at (the posts they boost, the posts they reply to, the media kept) is read for the whole page
/// in three questions, and each raw JSON is parsed once.
public struct APIStatusPage: Sendable {
    let store: any ArchiveStore
    let mediaAddress: @Sendable (String) -> String
    /// Whether each status carries its archived raw JSON for another Icebox (``MirrorExtension``).
    let mirror: Bool

    /// `mediaAddress` gives the address a client loads a kept file from, by its hash; `mirror` adds the
    /// ``MirrorExtension`` member to each status.
    public init(
        store: any ArchiveStore, mirror: Bool = false, mediaAddress: @escaping @Sendable (String) -> String
    ) {
        self.store = store
        self.mirror = mirror
        self.mediaAddress = mediaAddress
    }

    /// How many bytes of statuses a page for another Icebox holds at most (the archived raw JSON doubles
    /// a page): well under the 16 MiB a sync reads of one answer, so a page of large posts is cut short
    /// rather than never read. At least one status is always given.
    public static let mirrorPageBytes = 8 << 20

    /// The rows as API status objects, in their order, with their ids; a row that cannot be rendered (raw
    /// JSON that is no object, a boost of a post not held) is left out. For another Icebox, rows over
    /// `budget` bytes (none when `nil`) are cut: the last ones, or, `keepingLast`, the first ones (a page
    /// read upward from `min_id`, whose `prev` link must start where it ends; a thread's ancestors, the
    /// nearest last). `cut` says whether any was: the `Link`
    /// built from the ids given then leads on from there, and the page must not pass for a short one.
    public func render(
        _ rows: [APIStatusRow], keepingLast: Bool = false, budget: Int? = mirrorPageBytes
    ) async throws(ArchiveError) -> (json: Data, ids: [String], cut: Bool) {
        let objects = try await objects(rows)
        guard mirror else {
            let data = try? JSONSerialization.data(withJSONObject: objects.map(\.object), options: APIJSON.options)
            return (data ?? Data("[]".utf8), objects.map(\.id), false)
        }
        var rendered = objects.compactMap { object in data(object).map { (object.id, $0) } }
        var bytes = rendered.reduce(0) { $0 + $1.1.count }
        var cut = false
        while let budget, bytes > budget, rendered.count > 1 {
            bytes -= (keepingLast ? rendered.removeFirst() : rendered.removeLast()).1.count
            cut = true
        }
        return (APIStatusMirror.array(rendered.map(\.1)), rendered.map(\.0), cut)
    }

    /// One row as an API status object; `nil` when it cannot be rendered.
    public func render(_ row: APIStatusRow) async throws(ArchiveError) -> Data? {
        try await objects([row]).first.flatMap(data)
    }

    /// A rendered status as JSON, with the mirror's member when asked for.
    func data(_ rendered: Rendered) -> Data? {
        guard let data = try? JSONSerialization.data(withJSONObject: rendered.object, options: APIJSON.options)
        else { return nil }
        guard mirror else { return data }
        let media = rendered.media.map { (url: $0.url, sha256: $0.sha256, address: mediaAddress($0.sha256)) }
        return APIStatusMirror.spliced(data, status: rendered.status, boosted: rendered.boosted, media: media)
    }

    /// A status rendered, with the archived statuses it was rendered from.
    struct Rendered {
        var id: String
        var object: [String: Any]
        var status: APIStatusRow
        var boosted: APIStatusRow?
        /// The files kept for its media URLs and for those of the post it boosts.
        var media: [(url: String, sha256: String)]
    }

    func objects(_ rows: [APIStatusRow]) async throws(ArchiveError) -> [Rendered] {
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
        (renderer.media, renderer.copies) = try await store.storedMediaFiles(urls: Array(Set(all.flatMap(\.mediaURLs))))
        return parsed.compactMap { status in
            let boosted = status.row.reblogURI.flatMap { renderer.boosted[$0] }
            return renderer.object(status).map {
                Rendered(
                    id: APIStatusID.string(status.row.key), object: $0, status: status.row, boosted: boosted?.row,
                    media: mirror
                        ? ([status] + [boosted].compactMap { $0 }).flatMap { $0.keptMedia(renderer.media) } : [])
            }
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
