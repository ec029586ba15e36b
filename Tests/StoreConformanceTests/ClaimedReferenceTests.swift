import Archive
import ArchiveCore
import Foundation
import HistoryImport
import IceboxTestSupport
import MediaArchive
import MediaFiles
import Models
import SearchQuery
import Testing

/// A file speaks only for what its actor owns (issue 27): a `Create` in eve's outbox whose object is
/// bob's post on another server is kept as a `claimed` reference, never as eve's post, and is no mark of
/// the user's on bob's post: it neither makes it a boost nor lifts bob's opt-out from search, on either
/// store, whether bob's post was archived before the file was imported or after.
@Suite struct ClaimedReferenceTests {
    static let bobPost = "https://other.example/users/bob/statuses/42"
    static let eveOwn = "https://evil.example/users/eve/statuses/1"

    @Test(arguments: StoreKind.allCases)
    func anotherServersPostAFileClaimsIsKeptAsAReferenceAndMarksNothing(_ kind: StoreKind) async throws {
        for postFirst in [true, false] {
            try await TestStore.with(kind, "claimed") { test in
                try await test.store.setConsentPolicy(.honoured)
                if postFirst { try await Self.archiveBobsPost(test.store) }
                let report = try await MastodonExportImport(
                    file: try Self.eveExport(in: test.folder.url),
                    media: MediaLayout(root: test.folder.url.appending(path: "media"))
                )
                .run(into: test.store)
                if !postFirst { try await Self.archiveBobsPost(test.store) }
                let order = postFirst ? "post first" : "file first"

                #expect(report.stored.new == 1 && report.foreign == 1, "\(order): \(report)")
                let claimed = try await test.store.references(kind: .claimed)
                #expect(
                    claimed.map(\.uri) == [Self.bobPost] && claimed.map(\.accountHandle) == ["eve@evil.example"],
                    "\(order): \(claimed)")
                #expect(claimed.first?.resolved == true, "\(order): bob's post is archived")
                // Eve's claim rewrote nothing and made no mark on bob's post.
                #expect(try await test.store.count(try SearchQuery(parsing: "stolen"), consent: .off) == 0, "\(order)")
                #expect(try await test.store.count(try SearchQuery(parsing: "kites"), consent: .off) == 1, "\(order)")
                #expect(
                    try await test.store.count(try SearchQuery(parsing: "kites"), consent: .honoured) == 0,
                    "\(order): bob opted out, and a file's claim is no exception")
                for marked in ["is:boost", "is:favourited", "is:bookmarked"] {
                    #expect(
                        try await test.store.count(try SearchQuery(parsing: "kites \(marked)"), consent: .off) == 0,
                        "\(order): \(marked)")
                }
            }
        }
    }

    /// Bob's post as his own server sent it; bob opted out of search (`indexable: false`).
    static func archiveBobsPost(_ store: any ArchiveStore) async throws {
        let json = """
            {"id":"42","uri":"\(bobPost)","url":"https://other.example/@bob/42","created_at":"2024-03-01T09:00:00.000Z",
             "account":{"id":"7","username":"bob","acct":"bob","url":"https://other.example/@bob","indexable":false,"noindex":true},
             "content":"<p>kites over the bay</p>","visibility":"public"}
            """
        _ = try await store.store(
            [try ArchivableStatus(decoding: Data(json.utf8), servedBy: "other.example")],
            server: "other.example")
    }

    /// Eve's export (a folder): one post of her own and bob's post claimed as hers, with other text.
    static func eveExport(in folder: URL) throws -> URL {
        let actor = "https://evil.example/users/eve"
        let person: [String: Any] = [
            "id": actor, "type": "Person", "preferredUsername": "eve", "name": "eve",
            "followers": actor + "/followers",
        ]
        let items: [[String: Any]] = [(eveOwn, "<p>eve's own</p>"), (bobPost, "<p>stolen words</p>")].map {
            id, content in
            [
                "id": id + "/activity", "type": "Create", "actor": actor, "published": "2024-03-02T09:00:00Z",
                "to": ["https://www.w3.org/ns/activitystreams#Public"],
                "object": [
                    "id": id, "type": "Note", "published": "2024-03-02T09:00:00Z", "attributedTo": actor,
                    "content": content, "to": ["https://www.w3.org/ns/activitystreams#Public"],
                ] as [String: Any],
            ]
        }
        let outbox: [String: Any] = [
            "id": "outbox.json", "type": "OrderedCollection", "totalItems": items.count,
            "orderedItems": items,
        ]
        let export = folder.appending(path: "eve-export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: outbox).write(to: export.appending(path: "outbox.json"))
        try JSONSerialization.data(withJSONObject: person).write(to: export.appending(path: "actor.json"))
        return export
    }
}
