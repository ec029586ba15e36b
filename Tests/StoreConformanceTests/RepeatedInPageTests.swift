import ArchiveCore
import Foundation
import Models
import Testing

/// A page that holds one status more than once (a post and a boost of it, two boosts of it, the post
/// again with an edit): servers send such pages, and every store keeps the same from them.
@Suite struct RepeatedInPageTests {
    static func json(_ id: String, text: String, createdAt: String, editedAt: String? = nil) -> String {
        """
        {"id":"\(id)","uri":"https://a.example/users/u/statuses/\(id)","url":"https://a.example/@u/\(id)",
         "created_at":"\(createdAt)","edited_at":\(editedAt.map { "\"\($0)\"" } ?? "null"),
         "content":"<p>\(text)</p>","spoiler_text":"","visibility":"public","sensitive":false,
         "account":{"id":"1","username":"u","acct":"u","display_name":"U","url":"https://a.example/@u"},
         "media_attachments":[],"mentions":[],"tags":[],"emojis":[]}
        """
    }

    static func boost(_ id: String, of original: String, createdAt: String) -> String {
        """
        {"id":"\(id)","uri":"https://a.example/users/b/statuses/\(id)/activity","created_at":"\(createdAt)",
         "content":"","spoiler_text":"","visibility":"public","sensitive":false,
         "account":{"id":"2","username":"b","acct":"b","display_name":"B","url":"https://a.example/@b"},
         "media_attachments":[],"mentions":[],"tags":[],"emojis":[],"reblog":\(original)}
        """
    }

    /// The page: a post, two boosts of it, another post, and the first post again as edited since.
    static func page() throws -> [ArchivableStatus] {
        let post = json("10", text: "first words", createdAt: "2026-01-01T00:00:00.000Z")
        let edited = json(
            "10", text: "second words", createdAt: "2026-01-01T00:00:00.000Z",
            editedAt: "2026-01-01T05:00:00.000Z")
        return try [
            post, boost("11", of: post, createdAt: "2026-01-01T01:00:00.000Z"),
            json("12", text: "another post", createdAt: "2026-01-01T02:00:00.000Z"),
            boost("13", of: post, createdAt: "2026-01-01T03:00:00.000Z"), edited,
        ]
        .map { try ArchivableStatus(decoding: Data($0.utf8)) }
    }

    struct Kept: Equatable {
        var result: StoreResult
        var uris: [String]
        var numbers: [Int64?]
        var raw: [Data?]
        var history: [Data]
    }

    /// What a store holds: every status's uri, number and raw JSON, and the versions kept of post 10.
    static func holdings(of store: any ArchiveStore) async throws
        -> (uris: [String], numbers: [Int64?], raw: [Data?], history: [Data])
    {
        let uris = try await store.allStatusURIs()
        var numbers: [Int64?] = []
        var raw: [Data?] = []
        for uri in uris {
            numbers.append(try await store.findStatus(uri))
            raw.append(try await store.rawJSON(uri: uri))
        }
        let post = try #require(try await store.findStatus("https://a.example/users/u/statuses/10"))
        return (uris, numbers, raw, try await store.status(number: post).versions.map(\.raw))
    }

    static func kept(in kind: StoreKind) async throws -> Kept? {
        var kept: Kept?
        try await TestStore.with(kind, "repeated-\(kind)") { test in
            let result = try await test.store.store(try page(), server: "a.example")
            let held = try await holdings(of: test.store)
            kept = Kept(result: result, uris: held.uris, numbers: held.numbers, raw: held.raw, history: held.history)
        }
        return kept
    }

    @Test func everyStoreKeepsThePostOnceWithItsEditAndBothBoosts() async throws {
        let sqlite = try #require(try await Self.kept(in: .sqlite))
        #expect(sqlite.uris.count == 4, "the post, two boosts and the other post")
        #expect(sqlite.result.new == 4 && sqlite.result.updated == 1)
        let post = try #require(sqlite.uris.firstIndex(of: "https://a.example/users/u/statuses/10"))
        let raw = String(decoding: try #require(sqlite.raw[post]), as: UTF8.self)
        #expect(raw.contains("second words"), "the edit is what the archive shows")
        #expect(sqlite.history.count == 1, "the first version is kept")
        #expect(sqlite.history.first.map { String(decoding: $0, as: UTF8.self).contains("first words") } == true)
        guard let postgres = try await Self.kept(in: .postgres) else { return }
        #expect(postgres == sqlite)
    }
}
