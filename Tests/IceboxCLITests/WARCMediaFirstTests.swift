import Foundation
import GRDB
import IceboxTestSupport
import MastodonTestServer
import Testing
import WARC

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A file's picture for a URL no sync has stored yet (issue 42): the file comes first, then the sync. The
/// file fills the URL, but it is anybody's word: the next sync asks the server once, the server's file
/// replaces the file's, and a URL the server does not serve keeps the file's picture without being asked
/// again and again.
@Suite(.serialized) struct WARCMediaFirstTests {
    private struct Stored: Equatable {
        var state: String
        var sha256: String?
        var bytes: Data?
    }

    private static func stored(_ url: String, in cli: CLI) throws -> Stored? {
        let queue = try DatabaseQueue(path: cli.home.url.appending(path: "archive.sqlite").path)
        let row = try queue.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT d.state, d.sha256, f.ext FROM media_downloads d LEFT JOIN media_files f ON f.sha256 = d.sha256
                    WHERE d.url = ?
                    """, arguments: [url])
        }
        guard let row else { return nil }
        let sha256: String? = row["sha256"]
        let ext: String? = row["ext"]
        let bytes = sha256.flatMap { sha256 in
            ext.flatMap { ext in
                try? Data(
                    contentsOf: cli.home.url.appending(path: "media").appending(path: String(sha256.prefix(2)))
                        .appending(path: String(sha256.dropFirst(2).prefix(2))).appending(path: "\(sha256).\(ext)"))
            }
        }
        return Stored(state: row["state"], sha256: sha256, bytes: bytes)
    }

    /// The file an attachment shows (serve and exports read it from this view).
    private static func shown(_ url: String, in cli: CLI) throws -> String? {
        let queue = try DatabaseQueue(path: cli.home.url.appending(path: "archive.sqlite").path)
        return try queue.read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT v.sha256 FROM media_attachment_files v JOIN media_attachments a
                        ON a.status_id = v.status_id AND a.position = v.position WHERE a.url = ?
                    """, arguments: [url])
        }
    }

    /// A WARC file of `resource` records, each a picture under a URL, as anyone can write one.
    private static func capture(_ pictures: [String: Data], in folder: TemporaryDirectory) throws -> URL {
        let writer = try WARCWriter(
            directory: folder.url, maxFileBytes: .max, naming: { _ in "forged.warc.gz" },
            info: { _ in WARCRecord.make(.warcinfo, contentType: "application/warc-fields", block: Data()) })
        for (url, bytes) in pictures.sorted(by: { $0.key < $1.key }) {
            try writer.write([WARCRecord.make(.resource, targetURI: url, contentType: "image/png", block: bytes)])
        }
        return try #require(try writer.close().first)
    }

    @Test func theServersPictureReplacesAFilesAndOneItDoesNotServeIsKeptAndAskedOnce() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let served = server.baseURL.absoluteString + "/media/png/64x64/real.png"
        let missing = server.baseURL.absoluteString + "/media/fault/missing/gone.png"
        _ = try #require(await server.addStatus(username: "alice", mediaPaths: ["/media/png/64x64/real.png"]))
        _ = try #require(await server.addStatus(username: "alice", mediaPaths: ["/media/fault/missing/gone.png"]))
        let forged = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("a forged picture".utf8)
        let folder = try TemporaryDirectory("icebox-media-first")
        let file = try Self.capture([served: forged, missing: forged], in: folder)

        let cli = try await CLI.pinningHome(of: server)
        let imported = try await cli.run("import", "warc", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let fromFile = try #require(try Self.stored(served, in: cli))
        #expect(fromFile.state == "stored" && fromFile.bytes == forged, "the file filled the URL first")

        await server.clearRequestLog()
        let synced = try await cli.run("sync", "--quiet")
        #expect(synced.status == 0, "\(synced.stderr)")
        let asked = await server.requestLog().map(\.path)
        #expect(asked.contains("/media/png/64x64/real.png"), "the server is asked for the file's URL")
        #expect(asked.filter { $0 == "/media/fault/missing/gone.png" }.count == 1, "\(asked)")

        let (real, _) = try await URLSession.shared.data(from: try #require(URL(string: served)))
        let replaced = try #require(try Self.stored(served, in: cli))
        #expect(replaced.state == "stored" && replaced.bytes == real && real != forged, "the server's file")
        #expect(try Self.shown(served, in: cli) == replaced.sha256, "the post shows the server's picture")
        let kept = try #require(try Self.stored(missing, in: cli))
        #expect(kept.state == "stored" && kept.bytes == forged, "a 404 keeps the file's picture")
        #expect(try Self.shown(missing, in: cli) == kept.sha256)

        await server.clearRequestLog()
        let again = try await cli.run("sync", "--quiet")
        #expect(again.status == 0, "\(again.stderr)")
        let askedAgain = await server.requestLog().map(\.path)
        #expect(!askedAgain.contains("/media/fault/missing/gone.png"), "asked once, not every sync: \(askedAgain)")
        #expect(try Self.stored(missing, in: cli) == kept)
    }
}
