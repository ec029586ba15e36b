import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import MediaArchive
import MediaFiles
import Models
import SearchQuery
import Testing

@testable import HistoryImport

@Suite("Import of Mastodon's own export")
struct MastodonExportImportTests {
    @Test func everyPostIsArchivedWithItsFieldsMediaAndReferences() async throws {
        let fixture = try ImportFixture()
        let report = try await fixture.run(try fixture.zip())
        #expect(report.account == "alice@social.example")
        #expect(report.stored.new == 8)
        #expect(report.stored.unreadable == 0)
        #expect(report.mediaFiles == 3)
        #expect(try await fixture.archive.allStatusURIs().count == 9)  // 8 posts and alice's boost of one

        let first = try await fixture.status(1)
        #expect(first["visibility"] as? String == "public")
        #expect(first["language"] as? String == "en")
        #expect((first["account"] as? [String: Any])?["acct"] as? String == "alice")
        #expect((first["tags"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Swift"])
        #expect((first["mentions"] as? [[String: Any]])?.map { $0["acct"] as? String } == ["bob@other.example"])
        #expect((first["emojis"] as? [[String: Any]])?.map { $0["shortcode"] as? String } == ["blob"])
        let media = try #require((first["media_attachments"] as? [[String: Any]])?.first)
        #expect(media["description"] as? String == "A red square on white")
        let path = "media_attachments/files/111/000/001/original/5a1b2c3d4e5f6071.png"
        #expect(media["url"] as? String == "https://social.example/system/" + path)
        let stored = try #require(try await fixture.archive.mediaFile(forURL: "https://social.example/system/" + path))
        #expect(stored.sha256 == SHA256.hex(try Data(contentsOf: ImportFixture.exportFolder.appending(path: path))))

        let warned = try await fixture.status(2)
        #expect(warned["spoiler_text"] as? String == "film spoilers")
        #expect(warned["visibility"] as? String == "unlisted")
        #expect(warned["sensitive"] as? Bool == true)
        #expect(warned["language"] as? String == "fr")
        let reply = try await fixture.status(3)
        #expect(reply["visibility"] as? String == "private")
        #expect(reply["in_reply_to_id"] as? String == "111000000000000001")
        #expect(try await fixture.status(4)["visibility"] as? String == "direct")
        let poll = try #require(try await fixture.status(5)["poll"] as? [String: Any])
        #expect(
            (poll["options"] as? [[String: Any]])?.map { "\($0["title"] ?? "") \($0["votes_count"] ?? "")" } == [
                "Tea 4", "Coffee 3",
            ])
        #expect(poll["multiple"] as? Bool == false)
        #expect(try await fixture.status(6)["edited_at"] as? String == "2024-03-05T07:20:00Z")
        let closed = try #require(try await fixture.status(9)["poll"] as? [String: Any])
        #expect(closed["multiple"] as? Bool == true && closed["expired"] as? Bool == true)
        let pictures = try #require(try await fixture.status(10)["media_attachments"] as? [[String: Any]])
        #expect(pictures.map { $0["description"] as? String } == [nil, #"Green, "quoted" & <b>bold</b>"#])

        // Searchable like a synced status: the text, the content warning, the poll's options.
        #expect(try await fixture.archive.count(try SearchQuery(parsing: "sad")) == 1)
        #expect(try await fixture.archive.count(try SearchQuery(parsing: "coffee")) == 1)
        #expect(try await fixture.archive.count(try SearchQuery(parsing: "#swift")) == 1)

        // Boosts (one of a post deleted since), favourites and bookmarks by uri.
        let references = try await fixture.archive.references(kind: nil)
        #expect(
            references.filter { $0.kind == .favourite }.map(\.uri).sorted()
                == ["https://other.example/users/bob/statuses/999", "https://third.example/users/carol/statuses/42"])
        #expect(
            references.filter { $0.kind == .bookmark }.map(\.uri) == ["https://third.example/users/carol/statuses/43"])
        let boosts = references.filter { $0.kind == .boost }
        #expect(boosts.count == 3)
        #expect(boosts.first { $0.uri.hasSuffix("/110999999999999999") }?.resolved == false)
        #expect(boosts.first { $0.uri.hasSuffix("/111000000000000005") }?.resolved == true)
        #expect(try await fixture.archive.integrityCheck() == "ok")
    }

    @Test func theActivityPubObjectIsKeptByteForByteWithWhereItCameFrom() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(try fixture.zip())
        let number = try #require(try await fixture.archive.findStatus(ImportFixture.statusBase + "111000000000000010"))
        #expect(
            try await fixture.archive.provenance(of: number)
                == [
                    StatusProvenance(
                        kind: .import, detail: "mastodon-export archive-20240310.zip (outbox.json item 10)")
                ])
        let queue = try DatabaseQueue(path: fixture.folder.url.appending(path: "archive.sqlite").path)
        let source = try #require(
            try await queue.read { db in
                try Data.fetchOne(
                    db, sql: "SELECT raw_json FROM status_sources WHERE status_id = ?", arguments: [number])
            })
        let outbox = try Data(contentsOf: ImportFixture.exportFolder.appending(path: "outbox.json"))
        #expect(source.first == UInt8(ascii: "{") && source.last == UInt8(ascii: "}"))
        #expect(outbox.range(of: source) != nil, "the object's bytes as they stand in outbox.json")
        #expect(
            String(decoding: source, as: UTF8.self).hasPrefix(
                #"{"id":"https://social.example/users/alice/statuses/111000000000000010","type":"Note""#))
    }

    @Test func aFolderImportsAsTheZipDoesAndASecondImportChangesNothing() async throws {
        let zipped = try ImportFixture()
        _ = try await zipped.run(try zipped.zip())
        let unpacked = try ImportFixture()
        let first = try await unpacked.run(ImportFixture.exportFolder)
        #expect(first.stored.new == 8)
        #expect(try await unpacked.archive.allStatusURIs() == zipped.archive.allStatusURIs())
        for uri in try await zipped.archive.allStatusURIs() {
            #expect(try await unpacked.archive.rawJSON(uri: uri) == zipped.archive.rawJSON(uri: uri))
        }
        let before = try await unpacked.snapshot()
        let again = try await unpacked.run(ImportFixture.exportFolder)
        #expect(again.stored.new == 0 && again.stored.updated == 0 && again.references == 0)
        #expect(try await unpacked.snapshot() == before)
    }
}
