import ArchiveCore
import ArchivePostgres
import Foundation
import IceboxTestSupport
import Models
import Testing

/// Notifications kept whole (issue 44), the same on both stores: a page of a `notifications` timeline
/// keeps its notifications, of every type (one not known yet, one whose status cannot be read too), in
/// the transaction of its statuses and cursors, and lists them back newest first, byte for byte.
@Suite(.serialized) struct NotificationConformanceTests {
    typealias Post = RepeatedInPageTests

    /// A notification object as Mastodon writes one, with its members in the order given; `status` is a
    /// status's JSON or nil.
    static func notification(
        _ id: String, _ type: String, at time: String, from user: String = "bob", status: String? = nil,
        extra: String = ""
    ) -> Data {
        Data(
            """
            {"id":"\(id)","type":"\(type)","created_at":"\(time)","group_key":"ungrouped-\(id)",
             "account":{"id":"7","username":"\(user)","acct":"\(user)","display_name":"\(user.capitalized)",
             "url":"https://a.example/@\(user)"}\(status.map { ",\"status\":\($0)" } ?? "")\(extra)}
            """.utf8)
    }

    /// A page of notification objects as the client makes it: each notification, its status among the
    /// statuses or, when unreadable, on the unreadable list.
    static func page(_ objects: [Data], timelineID: Int64, newest: String) throws -> FetchedPage {
        var page = emptyPage(timelineID: timelineID, newest: newest)
        for object in objects {
            let (notification, unreadable) = try ArchivableNotification.decode(object, servedBy: "a.example")
            page.notifications.append(notification)
            if let status = notification.status { page.statuses.append(status) }
            if let unreadable { page.unreadable.append(unreadable) }
        }
        return page
    }

    /// A timeline of `spec` of alice on a.example.
    /// A page of timeline `timelineID` served by a.example with nothing on it yet, moving its newest
    /// cursor to `newest`.
    static func emptyPage(timelineID: Int64, newest: String) -> FetchedPage {
        FetchedPage(
            statuses: [], unreadable: [],
            origin: PageOrigin(server: "a.example", authority: .account, timelineID: timelineID, pageCursor: ""),
            cursor: CursorUpdate(newestCursor: newest))
    }

    static func timeline(_ store: any ArchiveStore, spec: String = "notifications") async throws -> Int64 {
        let account = try await store.addAccount(
            handle: "alice@a.example", server: "https://a.example", remoteID: "1", username: "alice",
            displayName: "Alice", url: nil)
        return try await store.addTimeline(spec: spec, accountID: account.id, server: "https://a.example").id
    }

    @Test(arguments: StoreKind.allCases)
    func pagesKeepTheirNotificationsWholeAndListThemBackByteForByte(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "notifications") { test in
            let store = test.store
            let timeline = try await Self.timeline(store)
            let post = Post.json("10", text: "a reply", createdAt: "2026-01-01T00:00:00.000Z")
            let broken = #"{"id":"11","uri":"https://a.example/users/u/statuses/11","content":"no account"}"#
            let first = [
                Self.notification("104", "mention", at: "2026-01-02T04:00:00.000Z", status: post),
                Self.notification(
                    "103", "annual_report", at: "2026-01-02T03:00:00.000Z",
                    extra: #","annual_report":{"year":2025,"data":{"nested":[1,2,3]}}"#),
                Self.notification("102", "favourite", at: "2026-01-02T02:00:00.000Z", status: broken),
            ]
            let second = [
                Self.notification("101", "follow", at: "2026-01-02T01:00:00.000Z", from: "carol"),
                Self.notification(
                    "100", "severed_relationships", at: "2026-01-01T23:00:00.000Z",
                    extra: #","event":{"id":"1","type":"domain_block","purged":false,"target_name":"x.example"}"#),
            ]
            let results = try await store.store(pages: [
                try Self.page(first, timelineID: timeline, newest: "104"),
                try Self.page(second, timelineID: timeline, newest: "104"),
            ])
            #expect(results.map(\.new) == [1, 0])
            #expect(results.map(\.unreadable) == [1, 0], "the favourite's status cannot be read")

            let kept = try await store.notifications(of: nil)
            try #require(kept.map(\.id) == ["104", "103", "102", "101", "100"], "newest first")
            #expect(kept.map(\.raw) == first + second, "each object byte for byte")
            #expect(kept.map(\.type) == ["mention", "annual_report", "favourite", "follow", "severed_relationships"])
            #expect(kept.allSatisfy { $0.account == "alice@a.example" })
            #expect(kept[0].acct == "bob@a.example" && kept[0].displayName == "Bob")
            #expect(kept[0].statusURI == "https://a.example/users/u/statuses/10")
            #expect(kept[0].statusURL == "https://a.example/@u/10")
            #expect(kept[0].createdAt == "2026-01-02T04:00:00.000Z")
            #expect(
                kept[2].statusURI == "https://a.example/users/u/statuses/11",
                "an unreadable status is still named")
            #expect(kept[3].statusURI == nil && kept[3].acct == "carol@a.example")
            #expect(try await store.findStatus("https://a.example/users/u/statuses/10") != nil)
            #expect(try await store.unreadableStatuses().contains { $0.raw == Data(broken.utf8) })
            #expect(try await store.timeline(id: timeline).newestCursor == "104")

            // Filters, and counts by type.
            #expect(try await store.notifications(of: nil, types: ["follow", "mention"]).map(\.id) == ["104", "101"])
            let since = try #require(Day("2026-01-02")).start
            #expect(try await store.notifications(of: nil, since: since).map(\.id) == ["104", "103", "102", "101"])
            #expect(try await store.notifications(of: 999).isEmpty)
            #expect(
                try await store.notificationCounts() == [
                    NotificationCount(type: "annual_report", count: 1), NotificationCount(type: "favourite", count: 1),
                    NotificationCount(type: "follow", count: 1), NotificationCount(type: "mention", count: 1),
                    NotificationCount(type: "severed_relationships", count: 1),
                ])

            // Seen again (an overlap re-read): one row, with what the server sends now.
            let again = Self.notification("101", "follow", at: "2026-01-02T01:00:00.000Z", from: "carol2")
            _ = try await store.store(pages: [try Self.page([again], timelineID: timeline, newest: "104")])
            let follows = try await store.notifications(of: nil, types: ["follow"])
            #expect(follows.map(\.raw) == [again] && follows.first?.acct == "carol2@a.example")
        }
    }

    /// Notifications of the same moment are listed by their ids as bytes on both stores, whatever the
    /// PostgreSQL database's collation: in a database ordering text as English does, `a1` would come
    /// before `B1`; by bytes (as SQLite and the server's own order have it), `B1` is the lower.
    @Test(arguments: StoreKind.allCases)
    func notificationsOfOneMomentAreListedByTheirIdsAsBytes(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "notification-ids", icuLocale: kind == .postgres ? "en" : nil) { test in
            let store = test.store
            let timeline = try await Self.timeline(store)
            let moment = "2026-01-02T04:00:00.000Z"
            let objects = ["B1", "a1", "A2", "b2"].map { Self.notification($0, "follow", at: moment) }
            _ = try await store.store(pages: [try Self.page(objects, timelineID: timeline, newest: "b2")])
            #expect(try await store.notifications(of: nil).map(\.id) == ["b2", "a1", "B1", "A2"])
        }
    }

    /// A page whose notification the store refuses keeps nothing of it: neither its statuses nor its other
    /// notifications, nor does its cursor move.
    @Test(arguments: StoreKind.allCases)
    func aPageIsKeptWithItsNotificationsOrNotAtAll(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "notifications-atomic") { test in
            let store = test.store
            let timeline = try await Self.timeline(store)
            let good = Self.notification(
                "200", "mention", at: "2026-01-01T00:00:00.000Z",
                status: Post.json("20", text: "kept", createdAt: "2026-01-01T00:00:00.000Z"))
            _ = try await store.store(pages: [try Self.page([good], timelineID: timeline, newest: "200")])
            try await Self.refuse(type: "refused.by.test", in: test)
            let bad = [
                Self.notification(
                    "202", "mention", at: "2026-01-01T02:00:00.000Z",
                    status: Post.json("22", text: "not kept", createdAt: "2026-01-01T02:00:00.000Z")),
                Self.notification("201", "refused.by.test", at: "2026-01-01T01:00:00.000Z"),
            ]
            await #expect(throws: ArchiveError.self) {
                _ = try await store.store(pages: [try Self.page(bad, timelineID: timeline, newest: "202")])
            }
            #expect(try await store.notifications(of: nil).map(\.id) == ["200"])
            #expect(try await store.findStatus("https://a.example/users/u/statuses/22") == nil)
            #expect(try await store.findStatus("https://a.example/users/u/statuses/20") != nil)
            #expect(try await store.timeline(id: timeline).newestCursor == "200")
        }
    }

    /// Makes the store refuse to keep a notification of `type`, as a full disk would refuse a write.
    static func refuse(type: String, in test: TestStore) async throws {
        switch test.store {
        case let postgres as PostgresArchive:
            let cluster = try #require(try PostgresCluster.fromEnvironment())
            try await cluster.execute(
                [
                    """
                    CREATE FUNCTION refuse_notification() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                        IF NEW.type = '\(type)' THEN RAISE EXCEPTION 'refused by the test'; END IF;
                        RETURN NEW; END $$
                    """,
                    """
                    CREATE TRIGGER refuse_notification BEFORE INSERT OR UPDATE ON notifications
                    FOR EACH ROW EXECUTE FUNCTION refuse_notification()
                    """,
                ],
                in: postgres.place.database)
        default:
            let made = try await CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/sqlite3"),
                [
                    test.folder.url.appending(path: "archive.sqlite").path,
                    """
                    CREATE TRIGGER refuse_notification BEFORE INSERT ON notifications WHEN new.type = '\(type)'
                    BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;
                    """,
                ])
            #expect(made.status == 0, "\(made.stderr)")
        }
    }
}
