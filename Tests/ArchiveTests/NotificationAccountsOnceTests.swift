import ArchiveCore
import Foundation
import GRDB
import Models
import Testing

@testable import Archive

/// Each notification keeps its account objects once (schema/0039_notification_accounts_once.sql): its
/// sender's and its status's author's, which raw_accounts already holds, and every read gets the bytes.
@Suite struct NotificationAccountsOnceTests {
    static let bob = SplitPayloads.escapedAccount
    static let alice =
        #"{"id":"1","username":"alice","acct":"alice","display_name":"Alice","url":"https://a.example/@alice","#
        + #""note":"<p>birds and kites</p>","fields":[],"emojis":[]}"#

    static func status(_ id: String) -> String {
        #"{"id":"\#(id)","uri":"https://a.example/users/alice/statuses/\#(id)","created_at":"2026-02-01T00:00:0\#(id).000Z","#
            + #""content":"<p>mine</p>","visibility":"public","mentions":[],"tags":[],"emojis":[],"account":\#(alice)}"#
    }

    /// Notifications as servers send them: Mastodon's order, one without a status, the status first, and
    /// one whose key is written with an escape.
    static let sent: [(json: String, apart: [String])] = [
        (
            #"{"id":"11","type":"favourite","created_at":"2026-02-02T00:00:01.000Z","account":\#(bob),"#
                + #""status":\#(status("1"))}"#, ["raw_account", "raw_status_account"]
        ),
        (#"{"id":"12","type":"follow","created_at":"2026-02-02T00:00:02.000Z","account":\#(bob)}"#, ["raw_account"]),
        (
            #"{"id":"13","type":"reblog","created_at":"2026-02-02T00:00:03.000Z","status":\#(status("2")),"#
                + #""account":\#(bob)}"#, ["raw_account", "raw_status_account"]
        ),
        (
            #"{"id":"14","type":"mention","created_at":"2026-02-02T00:00:04.000Z","acc\u006funt":\#(bob),"#
                + #""status":\#(status("3"))}"#, []
        ),
    ]

    @Test func eachNotificationKeepsItsAccountObjectsOnceAndEveryReadGetsTheBytes() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let account = try await db.addAccount(
            handle: "alice@a.example", server: "https://a.example", remoteID: "1", username: "alice",
            displayName: "Alice", url: nil)
        let timeline = try await db.addTimeline(
            spec: "notifications", accountID: account.id, server: "https://a.example")
        var page = FetchedPage(
            statuses: [], unreadable: [],
            origin: PageOrigin(server: "a.example", authority: .account, timelineID: timeline.id, pageCursor: ""),
            cursor: CursorUpdate(newestCursor: "14"))
        for (json, _) in Self.sent {
            let (notification, _) = try ArchivableNotification.decode(Data(json.utf8), servedBy: "a.example")
            page.notifications.append(notification)
            if let status = notification.status { page.statuses.append(status) }
        }
        _ = try await db.store(pages: [page])

        let sent = Dictionary(uniqueKeysWithValues: Self.sent.map { (try! Self.id($0.json), $0) })
        let listed = try await db.notifications(of: account.id)
        #expect(listed.count == Self.sent.count)
        for notification in listed {
            #expect(notification.raw == Data(try #require(sent[notification.id]).json.utf8), "\(notification.id)")
        }
        let rows = try await db.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT n.notification_id, n.raw_json AS body, n.raw_account, n.raw_status_account, j.raw_json
                    FROM notifications n JOIN notification_json j ON j.number = n.id
                    """
            ).map { row -> (id: String, viewed: String, body: Data, apart: [String]) in
                var apart: [String] = []
                if (row["raw_account"] as Int64?) != nil { apart.append("raw_account") }
                if (row["raw_status_account"] as Int64?) != nil { apart.append("raw_status_account") }
                return (row["notification_id"], row["raw_json"], row["body"], apart)
            }
        }
        for row in rows {
            let id = row.id
            let expected = try #require(sent[id])
            #expect(row.viewed == expected.json, "\(id) through the notification_json view")
            #expect(row.apart == expected.apart, "\(id)")
            let body = String(decoding: row.body, as: UTF8.self)
            if expected.apart.count == 2 {
                #expect(!body.contains("kites") && !body.contains("quoted"), "\(id) keeps no account object")
            }
        }
        let accounts = try await db.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM raw_accounts") }
        #expect(accounts == 2, "bob's and alice's account objects, once each")

        // A copy to another store reads each whole, without the columns SQLite keeps for itself.
        let columns = try await db.copiedColumns("notifications")
        #expect(!columns.contains("raw_account") && !columns.contains("raw_status_account_at"))
        let (raw, id) = (
            try #require(columns.firstIndex(of: "raw_json")), try #require(columns.firstIndex(of: "notification_id"))
        )
        for copied in try await db.readRows("notifications", columns: columns, offset: 0, limit: 10) {
            guard case .text(let key) = copied[id] else {
                Issue.record("no id")
                continue
            }
            #expect(copied[raw] == .bytes(Data(try #require(sent[key]).json.utf8)), "\(key) copied whole")
        }
    }

    static func id(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["id"] as? String)
    }
}
