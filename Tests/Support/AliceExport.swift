import Foundation
import MastodonTestServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An export of alice on the test server (domain icebox.test), shaped as Mastodon writes one, naming
/// the server's posts by uri: for the tests of `icebox import mastodon-export --resolve`, on each store.
public enum AliceExport {
    /// The uri of the one reply the export may hold.
    public static let replyURI = "https://icebox.test/users/alice/statuses/990000000000000001"

    /// The id of alice's `index`-th boost in the export.
    public static func boostURI(_ index: Int) -> String {
        "https://icebox.test/users/alice/statuses/99000000000000010\(index)/activity"
    }

    /// Writes the export, unpacked, in `folder/export`: it likes `liked`, bookmarks `bookmarked`, boosts
    /// `boosted`, and has posted one reply, to `repliedTo` (another server's post), if given.
    public static func write(
        liking liked: [String], bookmarking bookmarked: [String], replyingTo repliedTo: String? = nil,
        boosting boosted: [String] = [], in folder: URL
    ) throws -> URL {
        let export = folder.appending(path: "export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        func collection(_ id: String, _ items: [Any]) throws -> Data {
            try JSONSerialization.data(withJSONObject: [
                "@context": "https://www.w3.org/ns/activitystreams", "id": id,
                "type": "OrderedCollection", "totalItems": items.count,
                "orderedItems": items,
            ])
        }
        let actor: [String: Any] = [
            "@context": "https://www.w3.org/ns/activitystreams", "id": "https://icebox.test/users/alice",
            "type": "Person",
            "preferredUsername": "alice", "name": "Alice", "followers": "https://icebox.test/users/alice/followers",
            "outbox": "outbox.json", "likes": "likes.json", "bookmarks": "bookmarks.json",
        ]
        try JSONSerialization.data(withJSONObject: actor).write(to: export.appending(path: "actor.json"))
        let reply: [[String: Any]] =
            repliedTo.map { parent in
                let note: [String: Any] = [
                    "id": replyURI, "type": "Note", "inReplyTo": parent, "published": "2026-03-05T09:00:00Z",
                    "attributedTo": "https://icebox.test/users/alice", "content": "<p>so true</p>",
                    "to": ["https://www.w3.org/ns/activitystreams#Public"], "cc": [], "tag": [], "attachment": [],
                ]
                return [
                    [
                        "id": replyURI + "/activity", "type": "Create", "actor": "https://icebox.test/users/alice",
                        "published": "2026-03-05T09:00:00Z", "object": note,
                    ]
                ]
            } ?? []
        let boosts: [[String: Any]] = boosted.enumerated().map { index, uri in
            [
                "id": boostURI(index), "type": "Announce", "actor": "https://icebox.test/users/alice",
                "published": "2026-03-06T10:0\(index):00Z", "to": ["https://icebox.test/users/alice/followers"],
                "cc": ["https://www.w3.org/ns/activitystreams#Public"], "object": uri,
            ]
        }
        try collection("outbox.json", reply + boosts).write(to: export.appending(path: "outbox.json"))
        try collection("likes.json", liked).write(to: export.appending(path: "likes.json"))
        try collection("bookmarks.json", bookmarked).write(to: export.appending(path: "bookmarks.json"))
        return export
    }

    /// The uris of some of the server's posts (its own, or other servers' it holds), as alice is served them.
    public static func serverURIs(_ server: TestServer, count: Int, remote: Bool = false) async throws -> [String] {
        struct NoURI: Error {}
        var uris: [String] = []
        for id in await server.timelineIDs(remote ? .remote : .local).prefix(count) {
            var request = URLRequest(url: server.url("/api/v1/statuses/\(id)"))
            request.setValue("Bearer test-token", forHTTPHeaderField: "Authorization")
            let (data, _) = try await URLSession.shared.data(for: request)
            guard let status = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let uri = status["uri"] as? String
            else { throw NoURI() }
            uris.append(uri)
        }
        return uris
    }
}
