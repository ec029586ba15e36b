import Archive
import ArchiveCore
import Foundation
import Logging
import Models

/// A fresh archive in a temporary folder, removed when the test ends.
final class TemporaryArchive {
    let directory: URL
    let database: ArchiveDatabase

    init() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "icebox-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try ArchiveDatabase(path: directory.appending(path: "archive.sqlite"), logger: Logger(label: "test"))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures")

    static func data(_ name: String) throws -> Data { try Data(contentsOf: directory.appending(path: name)) }

    /// Every status in Fixtures/: single statuses, timeline arrays and recorded pages.
    static func allStatuses() throws -> [ArchivableStatus] {
        var statuses: [ArchivableStatus] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        where name.hasPrefix("status_") && !name.hasPrefix("status_edit_history") {
            statuses.append(try ArchivableStatus(decoding: data(name)))
        }
        statuses += try ArchivableStatus.decodePage(data("timeline_public_reblog.pleroma-via-federatz.json")).items
        for name in [
            "timeline_tag_page.response-with-headers.mastodon-4.6.4-dev.json",
            "bookmarks_page_opaque_link_ids.response-with-headers.mastodon-4.6.4-dev.json",
        ] {
            let object = try JSONSerialization.jsonObject(with: data(name)) as? [String: Any]
            let body = (object?["response"] as? [String: Any])?["body"] ?? []
            statuses += try ArchivableStatus.decodePage(JSONSerialization.data(withJSONObject: body)).items
        }
        return statuses
    }

    /// A minimal Mastodon status, for tests that need many or edited ones.
    static func status(
        id: String, text: String, editedAt: String? = nil, host: String = "a.example",
        createdAt: String = "2026-01-01T00:00:00.000Z", displayName: String = "Ursula"
    ) -> ArchivableStatus {
        let json = """
            {"id":"\(id)","uri":"https://\(host)/users/u/statuses/\(id)","url":"https://\(host)/@u/\(id)",
             "created_at":"\(createdAt)","edited_at":\(editedAt.map { "\"\($0)\"" } ?? "null"),
             "content":"<p>\(text)</p>","spoiler_text":"","visibility":"public","sensitive":false,
             "account":{"id":"1","username":"u","acct":"u","display_name":"\(displayName)","url":"https://\(host)/@u"},
             "media_attachments":[{"id":"m\(id)","type":"image","url":"https://\(host)/m.png","description":"a red kite"}],
             "mentions":[],"tags":[{"name":"Birds","url":"https://\(host)/tags/birds"}],"emojis":[]}
            """
        // swiftlint:disable:next force_try
        return try! ArchivableStatus(decoding: Data(json.utf8))
    }
}
