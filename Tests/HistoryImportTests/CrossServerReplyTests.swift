import Archive
import ArchiveCore
import Foundation
import Models
import Testing

/// An exported post that replies to another server's post names its parent only by uri (the export
/// holds no other server's ids). Once that post is archived too, in either order, they are one thread.
@Suite("Replies across servers", .serialized)
struct CrossServerReplyTests {
    static let parentURI = "https://other.example/users/bob/statuses/999"
    static let replyURI = ImportFixture.statusBase + "111000000000000042"

    /// The fixture export with one more post: alice's public reply to bob on other.example.
    static func export(in fixture: ImportFixture) throws -> URL {
        let outbox = ImportFixture.exportFolder.appending(path: "outbox.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: outbox)) as? [String: Any])
        var items = try #require(document["orderedItems"] as? [[String: Any]])
        let object: [String: Any] = [
            "id": replyURI, "type": "Note", "inReplyTo": parentURI, "published": "2024-03-05T09:00:00Z",
            "url": "https://social.example/@alice/111000000000000042",
            "attributedTo": "https://social.example/users/alice",
            "to": ["https://www.w3.org/ns/activitystreams#Public"],
            "cc": ["https://social.example/users/alice/followers"],
            "sensitive": false, "content": "<p>@bob so true</p>", "attachment": [], "tag": [],
        ]
        items.append([
            "id": replyURI + "/activity", "type": "Create", "actor": "https://social.example/users/alice",
            "published": "2024-03-05T09:00:00Z", "to": object["to"] ?? [], "cc": object["cc"] ?? [],
            "object": object,
        ])
        document["orderedItems"] = items
        document["totalItems"] = items.count
        return try fixture.zip(replacing: ["outbox.json": try JSONSerialization.data(withJSONObject: document)])
    }

    /// Bob's post, as other.example serves it.
    static func parent() throws -> ArchivableStatus {
        try ArchivableStatus(
            decoding: Data(
                """
                {"id":"999","uri":"\(parentURI)","url":"https://other.example/@bob/999",
                 "created_at":"2024-03-05T08:00:00.000Z","content":"<p>Tea is better than coffee</p>","spoiler_text":"",
                 "visibility":"public","sensitive":false,"media_attachments":[],"mentions":[],"tags":[],"emojis":[],
                 "account":{"id":"5","username":"bob","acct":"bob","display_name":"Bob","url":"https://other.example/@bob"}}
                """.utf8))
    }

    static func expectOneThread(_ archive: ArchiveDatabase) async throws {
        let parent = try #require(try await archive.findStatus(parentURI))
        let reply = try #require(try await archive.findStatus(replyURI))
        #expect(try await archive.status(number: reply).parent == parent)
        let thread = try await archive.thread(around: reply)
        #expect(thread.root == parent && !thread.rootIsReply)
        #expect(thread.nodes.first { $0.number == reply }?.parent == parent)
        #expect(try await archive.thread(around: parent).numbers.contains(reply))
    }

    @Test func anImportedReplyJoinsItsParentArchivedLater() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(try Self.export(in: fixture))
        let reply = try #require(try await fixture.archive.findStatus(Self.replyURI))
        #expect(try await fixture.archive.thread(around: reply).rootIsReply, "its parent is not archived yet")
        _ = try await fixture.archive.store([try Self.parent()], server: "other.example")
        try await Self.expectOneThread(fixture.archive)
    }

    @Test func aParentArchivedFirstGetsTheImportedReply() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.archive.store([try Self.parent()], server: "other.example")
        _ = try await fixture.run(try Self.export(in: fixture))
        try await Self.expectOneThread(fixture.archive)
    }
}
