import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Logging
import Testing

@testable import HistoryImport

/// `export account --format mastodon`, then `import mastodon-export` into a fresh archive: the same
/// statuses, media and favourites.
@Suite("Mastodon export round trip")
struct RoundTripTests {
    private struct Held: Equatable {
        var uris: [String]
        var raw: [Data?]
        var media: [String]
        var references: [String]
    }

    private func held(_ fixture: ImportFixture) async throws -> Held {
        let uris = try await fixture.archive.allStatusURIs()
        var raw: [Data?] = []
        for uri in uris { raw.append(try await fixture.archive.rawJSON(uri: uri)) }
        return Held(
            uris: uris, raw: raw, media: try await fixture.archive.storedMediaFiles().map(\.sha256).sorted(),
            references: try await fixture.archive.references(kind: nil).map {
                "\($0.accountHandle) \($0.kind) \($0.uri) \($0.activityURI ?? "-") \($0.publishedAt ?? "-")"
            }.sorted())
    }

    @Test func anExportedAccountImportsBackAsItWas() async throws {
        let original = try ImportFixture()
        _ = try await original.run(ImportFixture.exportFolder)
        let zip = original.folder.url.appending(path: "alice-export.zip")
        let exporter = Exporter(
            archive: original.archive, home: IceboxHome(directory: original.folder.url),
            version: "test", logger: Logger(label: "test"))
        let summary = try await exporter.exportMastodonAccount(handle: "alice@social.example", to: .file(zip))
        #expect(summary.statuses == 8 && summary.mediaFiles == 3)

        let listing = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/unzip"), ["-Z1", zip.path])
        #expect(
            listing.stdout.split(separator: "\n").map(String.init) == [
                "media_attachments/files/111/000/001/original/5a1b2c3d4e5f6071.png",
                "media_attachments/files/111/000/002/original/8091a2b3c4d5e6f7.png",
                "media_attachments/files/111/000/003/original/0f1e2d3c4b5a6978.png",
                "outbox.json", "likes.json", "bookmarks.json", "actor.json",
            ])

        let copy = try ImportFixture()
        let report = try await copy.run(zip)
        #expect(report.stored.new == 8 && report.mediaFiles == 3 && report.stored.unreadable == 0)
        let before = try await held(original)
        #expect(before.uris.count == 9 && before.media.count == 3 && before.references.count == 6)
        #expect(try await held(copy) == before)
    }

    @Test func twoExportsOfTheSameArchiveAreTheSameBytes() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(ImportFixture.exportFolder)
        let exporter = Exporter(
            archive: fixture.archive, home: IceboxHome(directory: fixture.folder.url),
            version: "test", logger: Logger(label: "test"))
        var files: [Data] = []
        for name in ["a.zip", "b.zip"] {
            let file = fixture.folder.url.appending(path: name)
            _ = try await exporter.exportMastodonAccount(handle: "alice@social.example", to: .file(file))
            files.append(try Data(contentsOf: file))
        }
        #expect(files[0] == files[1])
    }
}

@Suite("Mastodon export of synced statuses")
struct SyncedRoundTripTests {
    /// The fields an export in Mastodon's format carries, of an archived status.
    private static func fields(_ raw: Data) throws -> [String] {
        let status = try #require(try JSONSerialization.jsonObject(with: raw) as? [String: Any])
        let media = (status["media_attachments"] as? [[String: Any]]) ?? []
        let poll = status["poll"] as? [String: Any]
        return [
            "created \(status["created_at"] ?? "")", "content \(status["content"] ?? "")",
            "cw \(status["spoiler_text"] ?? "")", "visibility \(status["visibility"] ?? "")",
            "language \((status["language"] as? String) ?? "-")", "sensitive \(status["sensitive"] ?? "")",
            "tags \(((status["tags"] as? [[String: Any]]) ?? []).map { "\($0["name"] ?? "")" })",
            "mentions \(((status["mentions"] as? [[String: Any]]) ?? []).map { "\($0["acct"] ?? "")" })",
            "emojis \(((status["emojis"] as? [[String: Any]]) ?? []).map { "\($0["shortcode"] ?? "")" })",
            "alt \(media.map { "\($0["description"] ?? "-")" })", "media \(media.map { "\($0["type"] ?? "")" })",
            "poll \(((poll?["options"] as? [[String: Any]]) ?? []).map { "\($0["title"] ?? "") \($0["votes_count"] ?? "")" })",
            "edited \((status["edited_at"] as? String) ?? "-")",
        ]
    }

    @Test func aSyncedAccountExportsAndImportsBackWithItsFields() async throws {
        try await withTestServer { server in
            let folder = try TemporaryDirectory("icebox-synced")
            let synced = try await AliceArchive.sync(from: server, into: folder.url, logger: Logger(label: "test"))
            let handle = try #require(try await synced.accounts().first?.handle)
            let author = try await synced.posts(.author(handle), limit: 1000)
            #expect(author.count > 5)
            let file = folder.url.appending(path: "alice.zip")
            let exporter = Exporter(
                archive: synced, home: IceboxHome(directory: folder.url), version: "test",
                logger: Logger(label: "test"))
            _ = try await exporter.exportMastodonAccount(handle: handle, to: .file(file))
            let copy = try ImportFixture()
            let report = try await copy.run(file)
            #expect(report.stored.unreadable == 0)
            #expect(report.stored.new == author.count)
            for hit in author {
                let uri = hit.uri
                let before = try Self.fields(try #require(try await synced.rawJSON(uri: uri)))
                let after = try Self.fields(try #require(try await copy.archive.rawJSON(uri: uri), "\(uri)"))
                #expect(zip(after, before).filter { $0 != $1 }.map { "\($0) ≠ \($1)" } == [], "\(uri)")
            }
        }
    }
}
