import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Testing

/// Everything kept comes back out (issue 28): `export account --format mastodon`, then `import
/// mastodon-export` into an empty archive, brings back every post with its media, whatever layout the
/// server keeps its media files in (the export named each file after the server's media path, the
/// import looked only under `media_attachments/`, and 39 attachments came back as 0 files).
@Suite(.serialized) struct MediaRoundTripTests {
    /// The media layouts of real servers, under the test server's `/media/`: Mastodon's behind a prefix
    /// (`/media/media_attachments/files/…`, as a server with a path in front of its storage has it),
    /// Pleroma's (`/media/<uuid>/<name>`), GoToSocial's (`…/fileserver/<account>/attachment/original/<id>`)
    /// and the test server's own (`/media/<id>.png`, no path given).
    static let layouts: [[String]] = [
        ["/media/media_attachments/files/110/446/222/original/3f0a2c.png"],
        ["/media/9f3c2e4a-7b1d-4c55-9d3e-2f0c1a6b8e77/sunset.png"],
        ["/media/fileserver/01HABCDEF/attachment/original/01HXYZ.png"],
        [],
        ["/media/media_attachments/files/110/446/223/original/a.png", "/media/01J0AAAA/b.png"],
    ]

    /// The sha256 of each attachment's original file, by post uri and position.
    static func originals(_ archive: ArchiveDatabase, uris: [String]) async throws -> [String: [String]] {
        var files: [String: [String]] = [:]
        for uri in uris {
            guard let number = try await archive.findStatus(uri),
                let record = try await archive.exportRecords([number]).first
            else { continue }
            files[uri] = record.attachments.sorted { $0.position < $1.position }.map {
                $0.original?.sha256 ?? "missing"
            }
        }
        return files
    }

    @Test func anAccountExportedAndImportedBringsBackEveryMediaFileOfEveryLayout() async throws {
        var config = TestServerConfig()
        config.statusCount = 5
        config.fixturesDirectory = nil
        config.homeShare = 1
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        for (index, paths) in Self.layouts.enumerated() {
            let media = paths.isEmpty ? ["/media/plain-\(index).png"] : paths
            #expect(
                await server.addStatus(
                    username: "alice", mediaPaths: media, description: "layout \(index)",
                    text: "media layout \(index)") != nil)
        }
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "own").status == 0)
        let synced = try await cli.run("sync", "--quiet")
        #expect(synced.status == 0, "\(synced.stderr)")
        let zip = cli.home.url.appending(path: "alice.zip")
        let exported = try await cli.run(
            "export", "account", "alice@icebox.test", "--format", "mastodon", "-o", zip.path)
        #expect(exported.status == 0, "\(exported.stderr)")

        let copy = try CLI()
        let imported = try await copy.run("import", "mastodon-export", zip.path)
        #expect(imported.status == 0, "\(imported.stderr)")

        let logger = Logger(label: "round-trip")
        let before = try ArchiveDatabase(path: cli.home.url.appending(path: "archive.sqlite"), logger: logger)
        let after = try ArchiveDatabase(path: copy.home.url.appending(path: "archive.sqlite"), logger: logger)
        let uris = try await before.allStatusURIs()
        let original = try await Self.originals(before, uris: uris)
        let back = try await Self.originals(after, uris: uris)
        let withMedia = original.filter { !$0.value.isEmpty }
        #expect(withMedia.count == Self.layouts.count, "every post with media was archived with it: \(original)")
        #expect(withMedia.values.allSatisfy { !$0.contains("missing") }, "the sync stored every file: \(withMedia)")
        for (uri, hashes) in withMedia {
            #expect(back[uri] == hashes, "\(uri): the same files, in the same places, after the round trip")
        }
    }
}
