import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Logging
import MediaArchive
import MediaFiles
import Models
import SearchQuery
import Testing

@testable import HistoryImport

/// Another server's word is not the truth: a file adds what the archive lacks, and never rewrites what
/// a server sent or another account's file brought, files no other server's post under its actor, and
/// makes no post the user's by claiming the user's account.
@Suite("Hostile Mastodon exports")
struct HostileExportTests {
    static let aliceFirst = ImportFixture.statusBase + "111000000000000001"

    /// A Mastodon export of `actor` (`https://host/users/name`) whose outbox creates `objects`: each an
    /// object id, its content, and its edit date.
    static func export(
        _ fixture: ImportFixture, actor: String, objects: [(id: String, content: String, updated: String?)],
        media: [(String, Data)] = [], named name: String = "hostile.zip"
    ) throws -> URL {
        let username = String(actor.split(separator: "/").last ?? "")
        let person: [String: Any] = [
            "id": actor, "type": "Person", "preferredUsername": username, "name": username,
            "followers": actor + "/followers",
        ]
        let items: [[String: Any]] = objects.map { object in
            var note: [String: Any] = [
                "id": object.id, "type": "Note", "published": "2024-03-01T09:00:00Z",
                "attributedTo": actor, "content": object.content,
                "to": ["https://www.w3.org/ns/activitystreams#Public"],
            ]
            if let updated = object.updated { note["updated"] = updated }
            return [
                "id": object.id + "/activity", "type": "Create", "actor": actor, "published": "2024-03-01T09:00:00Z",
                "to": ["https://www.w3.org/ns/activitystreams#Public"], "object": note,
            ]
        }
        let outbox: [String: Any] = [
            "id": "outbox.json", "type": "OrderedCollection", "totalItems": items.count,
            "orderedItems": items,
        ]
        let file = fixture.folder.url.appending(path: name)
        try ZipMaker.write(
            media + [
                ("outbox.json", try JSONSerialization.data(withJSONObject: outbox)),
                ("actor.json", try JSONSerialization.data(withJSONObject: person)),
            ], to: file)
        return file
    }

    @Test func aFileOfAnotherAccountOnTheSameServerDoesNotRewriteAlicesPost() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(ImportFixture.exportFolder)
        let before = try #require(try await fixture.archive.rawJSON(uri: Self.aliceFirst))
        let file = try Self.export(
            fixture, actor: "https://social.example/users/mallory",
            objects: [(Self.aliceFirst, "<p>forged</p>", "2024-06-01T00:00:00Z")])
        let report = try await fixture.run(file)
        #expect(report.stored.updated == 0 && report.stored.refused == 1, "\(report.stored)")
        #expect(try await fixture.archive.rawJSON(uri: Self.aliceFirst) == before)
        #expect(try await fixture.archive.count(try SearchQuery(parsing: "forged")) == 0)
        let number = try #require(try await fixture.archive.findStatus(Self.aliceFirst))
        #expect(
            try await fixture.archive.provenance(of: number).map(\.detail).allSatisfy { !$0.contains("hostile.zip") })
    }

    @Test func alicesOwnLaterVersionIsKeptAsAnEdit() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(ImportFixture.exportFolder)
        let file = try Self.export(
            fixture, actor: "https://social.example/users/alice",
            objects: [(Self.aliceFirst, "<p>edited later</p>", "2024-06-01T00:00:00Z")])
        let report = try await fixture.run(file)
        #expect(report.stored.updated == 1 && report.stored.refused == 0, "\(report.stored)")
        let number = try #require(try await fixture.archive.findStatus(Self.aliceFirst))
        #expect(try await fixture.archive.status(number: number).versions.count == 1)
    }

    @Test func objectsWhoseIdsAreAnotherServersAreNotFiledAsTheActors() async throws {
        let fixture = try ImportFixture()
        let file = try Self.export(
            fixture, actor: "https://evil.example/users/eve",
            objects: [
                ("https://evil.example/users/eve/statuses/1", "<p>eve's own</p>", nil),
                ("https://social.example/users/alice/statuses/777", "<p>claimed</p>", nil),
                ("https://evil.example:8443/users/eve/statuses/2", "<p>another port</p>", nil),
                ("http://evil.example/users/eve/statuses/3", "<p>another scheme</p>", nil),
            ])
        let report = try await fixture.run(file)
        #expect(report.stored.new == 1 && report.foreign == 3, "\(report)")
        #expect(try await fixture.archive.allStatusURIs() == ["https://evil.example/users/eve/statuses/1"])
        // They stay references, which `--resolve` asks their own servers for.
        let claimed = try await fixture.archive.references(kind: .claimed)
        #expect(
            Set(claimed.map(\.uri)) == [
                "https://social.example/users/alice/statuses/777",
                "https://evil.example:8443/users/eve/statuses/2",
                "http://evil.example/users/eve/statuses/3",
            ], "\(claimed)")
        #expect(claimed.allSatisfy { $0.accountHandle == "eve@evil.example" && !$0.resolved })
    }

    @Test func aPostAServerSentIsNotRewrittenNorSaidFetchedFromTheFilesServer() async throws {
        let fixture = try ImportFixture()
        // Alice's post as another server (the user's own) sent it.
        let json = #"""
            {"id":"555","uri":"https://social.example/users/alice/statuses/111000000000000001","created_at":"2024-03-01T09:00:00.000Z",
             "account":{"id":"9","username":"alice","acct":"alice@social.example","url":"https://social.example/@alice"},
             "content":"<p>as home.example sent it</p>","visibility":"public"}
            """#
        _ = try await fixture.archive.store(
            [try ArchivableStatus(decoding: Data(json.utf8), servedBy: "home.example")],
            server: "home.example")
        let file = try Self.export(
            fixture, actor: "https://social.example/users/alice",
            objects: [(Self.aliceFirst, "<p>rewritten</p>", "2024-06-01T00:00:00Z")])
        let report = try await fixture.run(file)
        #expect(report.stored.updated == 0 && report.stored.new == 0)
        #expect(try await fixture.archive.count(try SearchQuery(parsing: "rewritten")) == 0)
        let number = try #require(try await fixture.archive.findStatus(Self.aliceFirst))
        #expect(
            try await fixture.archive.provenance(of: number)
                == [
                    StatusProvenance(kind: .fetch, detail: "home.example"),
                    StatusProvenance(kind: .import, detail: "mastodon-export hostile.zip (outbox.json item 1)"),
                ])
    }

    @Test func mediaNoPostNamesAreNotStored() async throws {
        for walks in [0, 2] {
            let fixture = try ImportFixture()
            let stray = "media_attachments/files/999/000/002/original/stray.png"
            let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            let report = try await fixture.run(try fixture.zip(adding: [(stray, bytes)]), mediaWalks: walks)
            #expect(report.mediaFiles == 3 && report.mediaUnreferenced == 1, "\(walks) walks: \(report)")
            #expect(try await fixture.archive.mediaFile(forURL: "https://social.example/system/" + stray) == nil)
            let file = fixture.media.file(sha256: SHA256.hex(bytes), ext: "bin")
            let stored = FileManager.default.enumerator(atPath: fixture.media.root.path)?.allObjects as? [String] ?? []
            #expect(!stored.contains { $0.contains(SHA256.hex(bytes)) }, "\(walks) walks: \(file.lastPathComponent)")
        }
    }
}
