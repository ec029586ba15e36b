import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import Testing

/// Direct-message conversations kept whole (issue 44), the same on both stores: a page of a
/// `conversations` timeline keeps its conversations (one without a last status, one whose last status
/// cannot be read, one with a member no client knows yet) in the transaction of its statuses and cursors,
/// lists them back newest first byte for byte, and updates one in place when its last status changes.
@Suite(.serialized) struct ConversationConformanceTests {
    typealias Post = RepeatedInPageTests

    /// A conversation object as Mastodon's REST::ConversationSerializer writes one; `last` is a status's
    /// JSON or `null`.
    static func conversation(
        _ id: String, unread: Bool = true, with users: [String] = ["bob"], last: String, extra: String = ""
    ) -> Data {
        let accounts = users.enumerated().map { index, user in
            #"{"id":"\#(index + 7)","username":"\#(user)","acct":"\#(user)","display_name":"\#(user.capitalized)","url":"https://a.example/@\#(user)"}"#
        }
        return Data(
            """
            {"id":"\(id)","unread":\(unread),"accounts":[\(accounts.joined(separator: ","))],"last_status":\(last)\(extra)}
            """.utf8)
    }

    /// A page of conversation objects as the client makes it: each conversation, its last status among
    /// the statuses or, when unreadable, on the unreadable list.
    static func page(_ objects: [Data], timelineID: Int64, newest: String) throws -> FetchedPage {
        var page = NotificationConformanceTests.emptyPage(timelineID: timelineID, newest: newest)
        for object in objects {
            let conversation = try ArchivableConversation.decode(object, servedBy: "a.example")
            page.conversations.append(conversation)
            if let status = conversation.lastStatus?.status { page.statuses.append(status) }
            if let unreadable = conversation.lastStatus?.unreadable { page.unreadable.append(unreadable) }
        }
        return page
    }

    @Test(arguments: StoreKind.allCases)
    func pagesKeepTheirConversationsWholeAndUpdateThemInPlace(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "conversations") { test in
            let store = test.store
            let timeline = try await NotificationConformanceTests.timeline(store, spec: "conversations")
            let post = Post.json("30", text: "a direct message", createdAt: "2026-01-02T00:00:00.000Z")
            let broken = #"{"id":"20","uri":"https://a.example/users/u/statuses/20","content":"no account"}"#
            let objects = [
                Self.conversation("3", with: ["bob", "carol"], last: post),
                Self.conversation("2", unread: false, last: broken, extra: #","future_field":{"nested":[1,2]}"#),
                Self.conversation("1", last: "null"),
            ]
            let results = try await store.store(pages: [try Self.page(objects, timelineID: timeline, newest: "30")])
            #expect(results.map(\.new) == [1])
            #expect(results.map(\.unreadable) == [1], "the second's last status cannot be read")

            let kept = try await store.conversations(of: nil)
            try #require(kept.map(\.id) == ["3", "2", "1"], "newest last status first, none last")
            #expect(kept.map(\.raw) == objects, "each object byte for byte, the unknown member too")
            #expect(kept.map(\.unread) == [true, false, true])
            #expect(kept[0].accounts == ["bob@a.example", "carol@a.example"])
            #expect(kept.allSatisfy { $0.account == "alice@a.example" })
            #expect(kept[0].lastStatusURI == "https://a.example/users/u/statuses/30")
            #expect(kept[0].lastStatusURL == "https://a.example/@u/30")
            #expect(kept[0].lastStatusID == "30" && kept[0].lastStatusCreatedAt == "2026-01-02T00:00:00.000Z")
            #expect(kept[0].lastStatusText == "a direct message" && kept[0].lastStatusNumber != nil)
            #expect(kept[1].lastStatusURI == "https://a.example/users/u/statuses/20", "an unreadable status is named")
            #expect(kept[1].lastStatusNumber == nil && kept[1].lastStatusText == nil)
            #expect(kept[2].lastStatusID == nil && kept[2].lastStatusURI == nil)
            #expect(try await store.findStatus("https://a.example/users/u/statuses/30") != nil)
            #expect(try await store.unreadableStatuses().contains { $0.raw == Data(broken.utf8) })
            #expect(try await store.timeline(id: timeline).newestCursor == "30")
            #expect(try await store.conversationCount() == 3)
            #expect(try await store.conversations(of: nil, id: "2").map(\.raw) == [objects[1]])
            #expect(try await store.conversations(of: 999).isEmpty)
            #expect(try await store.conversations(of: nil, limit: 1, offset: 1).map(\.id) == ["2"])

            // A reply in conversation 2: updated in place, newest first now.
            let reply = Post.json("40", text: "a reply", createdAt: "2026-01-03T00:00:00.000Z")
            let moved = Self.conversation("2", unread: true, last: reply)
            _ = try await store.store(pages: [try Self.page([moved], timelineID: timeline, newest: "40")])
            let after = try await store.conversations(of: nil)
            #expect(after.map(\.id) == ["2", "3", "1"] && after[0].raw == moved && after[0].unread)
            #expect(after[0].lastStatusText == "a reply" && after[0].firstSeen == kept[1].firstSeen)

            // An older object of it, read again (an overlap re-read of an older page), never replaces it.
            _ = try await store.store(pages: [try Self.page([objects[1]], timelineID: timeline, newest: "40")])
            #expect(try await store.conversations(of: nil, id: "2").map(\.raw) == [moved])
            #expect(try await store.conversationCount() == 3)
        }
    }
}
