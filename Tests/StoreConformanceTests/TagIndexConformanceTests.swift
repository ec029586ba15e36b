import ArchiveCore
import Foundation
import Models
import SearchQuery
import Testing

/// The exact index of tags (schema/0020_status_tags.sql, schema/postgres/0013_status_tags.sql) follows
/// every write of a post's tags on both stores: a `#tag` search and its count find what the post says
/// now, after an edit that changes its tags, a boost of it, an opted-out author and a redacted deletion.
@Suite(.serialized) struct TagIndexConformanceTests {
    static func json(
        _ id: String, tags: [String], author: String = "u", note: String = "", editedAt: String? = nil
    ) -> String {
        let tagObjects = tags.map { #"{"name":"\#($0)","url":"https://a.example/tags/\#($0)"}"# }
        return """
            {"id":"\(id)","uri":"https://a.example/users/\(author)/statuses/\(id)","url":"https://a.example/@\(author)/\(id)",
             "created_at":"2026-01-0\(id.suffix(1))T00:00:00.000Z","edited_at":\(editedAt.map { "\"\($0)\"" } ?? "null"),
             "content":"<p>post \(id)</p>","spoiler_text":"","visibility":"public","sensitive":false,
             "account":{"id":"\(author)","username":"\(author)","acct":"\(author)","display_name":"\(author)",
                        "url":"https://a.example/@\(author)","note":"\(note)"},
             "media_attachments":[],"mentions":[],"tags":[\(tagObjects.joined(separator: ","))],"emojis":[]}
            """
    }

    static func boost(_ id: String, of original: String) -> String {
        """
        {"id":"\(id)","uri":"https://a.example/users/b/statuses/\(id)/activity","created_at":"2026-01-09T00:00:00.000Z",
         "content":"","spoiler_text":"","visibility":"public","sensitive":false,
         "account":{"id":"b","username":"b","acct":"b","display_name":"B","url":"https://a.example/@b"},
         "media_attachments":[],"mentions":[],"tags":[],"emojis":[],"reblog":\(original)}
        """
    }

    static func statuses(_ texts: [String]) throws -> [ArchivableStatus] {
        try texts.map { try ArchivableStatus(decoding: Data($0.utf8)) }
    }

    /// The uris a query finds and its count, which must agree, under `consent`.
    static func found(_ text: String, in store: any ArchiveStore, consent: ConsentPolicy = .off) async throws
        -> [String]
    {
        let query = try SearchQuery(parsing: text)
        let hits = try await store.search(query, limit: 100, consent: consent).map(\.uri)
        #expect(try await store.count(query, consent: consent) == hits.count, "count of \(text) (\(consent))")
        return hits.map { $0.replacing("https://a.example/users/", with: "") }.sorted()
    }

    @Test(arguments: StoreKind.allCases)
    func aTagSearchFollowsEditsBoostsOptOutsAndRedaction(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "tag-index") { test in
            let store = test.store
            let first = Self.json("1", tags: ["Swift", "Café", "swift"])
            _ = try await store.store(
                try Self.statuses([
                    first, Self.boost("9", of: first), Self.json("2", tags: ["caturday", "swift"]),
                    Self.json("3", tags: ["swift"], author: "shy", note: "#nosearch"), Self.json("4", tags: []),
                ]), server: "a.example")
            #expect(try await Self.found("#SWIFT", in: store) == ["shy/statuses/3", "u/statuses/1", "u/statuses/2"])
            #expect(try await Self.found("#swift", in: store, consent: .honoured) == ["u/statuses/1", "u/statuses/2"])
            #expect(try await Self.found("#cafe", in: store) == ["u/statuses/1"], "normalized as Hashtag")
            #expect(try await Self.found("-#swift", in: store) == ["u/statuses/4"])
            #expect(try await Self.found("#swift #caturday", in: store) == ["u/statuses/2"])
            #expect(try await Self.found("#swift post", in: store).count == 3)
            // A hashtag's listing (`/tags/swift`) hides no one; with an author, it is that author's posts.
            for (listing, expected) in [
                (ArchiveListing.tag("#swift", author: nil), 3), (.tag("swift", author: "shy@a.example"), 1),
                (.tag("#Café", author: nil), 1),  // normalized as Hashtag, as the index holds it
            ] {
                #expect(try await store.posts(listing, limit: 100, offset: 0).count == expected, "\(listing)")
                #expect(try await store.count(listing) == expected, "count of \(listing)")
            }

            // An edit that drops #swift and adds #caturday.
            _ = try await store.store(
                try Self.statuses([Self.json("1", tags: ["Caturday"], editedAt: "2026-01-05T00:00:00.000Z")]),
                server: "a.example")
            #expect(try await Self.found("#swift", in: store) == ["shy/statuses/3", "u/statuses/2"])
            #expect(try await Self.found("#cafe", in: store).isEmpty)
            #expect(try await Self.found("#caturday", in: store) == ["u/statuses/1", "u/statuses/2"])

            // A redacted deletion keeps no tag of the post.
            let number = try #require(try await store.findStatus("https://a.example/users/u/statuses/2"))
            try await store.markGone(number, reportedBy: "a.example", via: .stream)
            try await store.setDeletionPolicy(.redact)
            #expect(try await Self.found("#caturday", in: store) == ["u/statuses/1"])
            #expect(try await Self.found("#swift", in: store) == ["shy/statuses/3"])
            #expect(try await store.integrityCheck() == "ok")
        }
    }
}
