import Foundation
import MastodonAPI
import Models
import Testing

@testable import Importer

/// `sync --since DAY` ends a backfill where its pages grow older than the day: a page of notifications
/// by the notifications' own dates, not by the dates of the posts they are about (a favourite today of a
/// post from 2019 is today's, and a page of follows alone has a date too).
@Suite struct BackfillSinceTests {
    static let post = """
        {"id":"1","uri":"https://a.example/users/u/statuses/1","url":"https://a.example/@u/1",
         "created_at":"2019-05-01T00:00:00.000Z","edited_at":null,"content":"<p>old</p>","spoiler_text":"",
         "visibility":"public","sensitive":false,
         "account":{"id":"u","username":"u","acct":"u","display_name":"u","url":"https://a.example/@u","note":""},
         "media_attachments":[],"mentions":[],"tags":[],"emojis":[]}
        """

    static func notification(_ id: String, _ type: String, at date: Date, about status: ArchivableStatus?)
        -> ArchivableNotification
    {
        ArchivableNotification(
            id: id, type: type, createdAt: date, fromAcct: "b@a.example", fromName: "B", status: status,
            statusURI: status?.status.uri, statusURL: nil, raw: Data("{}".utf8))
    }

    @Test func aPageOfNotificationsIsAsOldAsItsNotifications() throws {
        let old = try ArchivableStatus(decoding: Data(Self.post.utf8))
        let today = Date(timeIntervalSince1970: 1_780_000_000)
        var page = Page(items: [old], next: nil, previous: nil, rateLimit: nil)
        #expect(TimelineRun.oldest(page) == old.status.createdAt, "a page of statuses: its oldest status's date")
        page.notifications = [Self.notification("9", "favourite", at: today, about: old)]
        #expect(TimelineRun.oldest(page) == today, "a favourite today of a 2019 post is today's")

        var follows = Page<ArchivableStatus>(items: [], next: nil, previous: nil, rateLimit: nil)
        let yesterday = today.addingTimeInterval(-86_400)
        follows.notifications = [
            Self.notification("8", "follow", at: today, about: nil),
            Self.notification("7", "follow", at: yesterday, about: nil),
        ]
        #expect(TimelineRun.oldest(follows) == yesterday, "a page of follows alone is dated by them")
    }
}
