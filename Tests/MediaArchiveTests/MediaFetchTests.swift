import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Importer
import MastodonTestServer
import MediaFiles
import Testing

@testable import MediaArchive

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads during sync over loopback: content-addressed, deduplicated, never storing a bad answer.
@Suite struct MediaFetchTests {
    @Test func theSameFileOnTwoServersIsStoredOnce() async throws {
        // Same seed, different domains: different statuses (different uris) with the same media paths.
        let first = try await MediaFixture.server(domain: "one.test")
        let second = try await MediaFixture.server(domain: "two.test")
        defer {
            Task {
                await first.stop()
                await second.stop()
            }
        }
        let fixture = try MediaFixture()
        try await fixture.pinLocal(first)
        try await fixture.pinLocal(second)

        let run = try await fixture.sync()
        #expect(run.timelines.allSatisfy { $0.outcome == .ok })
        let report = try #require(run.media?.report)
        let attachments = try await fixture.count("SELECT COUNT(*) FROM media_attachments")
        let urls = try await fixture.count("SELECT COUNT(DISTINCT url) FROM media_attachments")
        #expect(attachments > 0 && urls == attachments, "two servers, two URLs for each file")
        let distinct = try await fixture.db.read { db in
            try String.fetchAll(
                db, sql: "SELECT DISTINCT substr(url, instr(substr(url, 8), '/') + 7) FROM media_attachments")
        }
        #expect(distinct.count * 2 == attachments, "each path is served by both servers")
        let originals = try await fixture.count(
            "SELECT COUNT(DISTINCT sha256) FROM media_attachment_files WHERE sha256 IS NOT NULL")
        #expect(try await fixture.count("SELECT COUNT(*) FROM media_attachment_files WHERE sha256 IS NULL") == 0)
        #expect(originals == distinct.count, "one file per distinct content")
        #expect(report.failed == 0 && report.deferred == 0)

        // Every file on disk once, named by its hash, as sha256sum computes it, matching what is served.
        let files = fixture.mediaFiles()
        let rows = try await fixture.count("SELECT COUNT(*) FROM media_files")
        #expect(files.count == rows && report.newFiles == rows)
        for file in files.prefix(10) {
            let digest = try await systemSHA256(file)
            #expect(file.deletingPathExtension().lastPathComponent == digest)
        }
        let sample = try fixture.db.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT a.url, f.sha256, f.ext, f.mime, a.width, f.size FROM media_attachments a
                    JOIN media_attachment_files f ON f.status_id = a.status_id AND f.position = a.position
                    WHERE a.type = 'image' LIMIT 1
                    """)
        }
        let row = try #require(sample)
        let bytes = try await served(URL(string: row["url"])!)
        #expect(SHA256.hex(bytes) == row["sha256"] as String)
        #expect(
            row["mime"] as String == "image/png" && row["ext"] as String == "png" && row["size"] as Int == bytes.count)
        #expect((row["width"] as Int?) != nil, "dimensions from meta")
        let stored = try #require(try await fixture.store().file(forURL: row["url"]))
        #expect(try Data(contentsOf: stored) == bytes)

        // Nothing new on the next run: no media requests at all.
        await first.clearRequestLog()
        let again = try await fixture.sync()
        #expect(again.media?.report?.wanted == 0)
        #expect(await first.requestLog().filter { $0.path.hasPrefix("/media/") }.isEmpty)
    }

    @Test func badAnswersAreRecordedWithAReasonAndNeverStored() async throws {
        let server = try await MediaFixture.server(statuses: 5)
        defer { Task { await server.stop() } }
        let paths = [
            "/media/fault/html/a.png", "/media/fault/html-as-png/b.png", "/media/fault/missing/c.png",
            "/media/fault/gone/d.png", "/media/fault/loop/e.png", "/media/fault/short/f.png",
            "/media/large/300000/g.mp4", "/media/fault/error/h.png", "/media/ok.png",
        ]
        _ = await server.addStatus(mediaPaths: paths)
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)
        let run = try await fixture.sync { $0.media.maxFileSize = 200_000 }
        #expect(run.timelines.allSatisfy { $0.outcome == .ok }, "media trouble never fails a timeline")
        let report = try #require(run.media?.report)
        let base = server.baseURL.absoluteString
        let expected: [(String, String, String)] = [
            ("/media/fault/html/a.png", "failed", "text/html"),
            ("/media/fault/html-as-png/b.png", "failed", "HTML page"),
            ("/media/fault/missing/c.png", "failed", "HTTP 404"),
            ("/media/fault/gone/d.png", "failed", "HTTP 410"),
            ("/media/fault/loop/e.png", "failed", "redirect"),
            ("/media/fault/short/f.png", "retry", "Content-Length"),
            ("/media/large/300000/g.mp4", "failed", "200000-byte limit"),
            ("/media/fault/error/h.png", "retry", "HTTP 503"),
        ]
        for (path, state, reason) in expected {
            let record = try #require(try await fixture.download(base + path), "\(path)")
            #expect(record.state == state, "\(path): \(record)")
            #expect(record.failure?.contains(reason) == true, "\(path): \(record.failure ?? "no reason")")
            #expect(record.sha256 == nil)
            #expect(report.failures.contains { $0.url == base + path && $0.reason.contains(reason) })
        }
        #expect(try await fixture.download(base + "/media/ok.png")?.state == "stored")
        #expect(report.failed == 6 && report.deferred == 2)
        // Only real media reached the store: every stored file is a PNG (the corpus's and ok.png).
        for file in fixture.mediaFiles() where file.pathExtension == "png" {
            #expect(try Data(contentsOf: file).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        }
        #expect(try await fixture.count("SELECT COUNT(*) FROM media_files WHERE mime LIKE 'text/%'") == 0)
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: fixture.iceboxHome.media.appending(path: ".tmp").path))?
                .isEmpty ?? true, "no partial download left behind")
    }

    @Test func aPermanentFailureIsNotRetriedUnlessAsked() async throws {
        let server = try await MediaFixture.server(statuses: 5)
        defer { Task { await server.stop() } }
        _ = await server.addStatus(mediaPaths: ["/media/fault/missing/x.png", "/media/fault/error/y.png"])
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)
        try await fixture.sync()
        func requests(_ path: String) async -> Int { await server.requestLog().filter { $0.path == path }.count }
        #expect(await requests("/media/fault/missing/x.png") == 1)
        #expect(await requests("/media/fault/error/y.png") == 3, "a 503 is retried within the run")

        let second = try await fixture.sync()
        #expect(await requests("/media/fault/missing/x.png") == 1, "the 404 is not asked again")
        #expect(await requests("/media/fault/error/y.png") == 6, "the 503 is tried again next run")
        #expect(second.media?.report?.skippedFailed == 1)

        var options = MediaFixture.options
        options.retryFailed = true
        let retried = try await fixture.store().fetch(options)
        #expect(await requests("/media/fault/missing/x.png") == 2, "--retry-failed asks again")
        #expect(retried.failed == 1)
    }

    @Test func noMediaArchivesTheURLsAndFetchCatchesUpLater() async throws {
        let server = try await MediaFixture.server(statuses: 60)
        defer { Task { await server.stop() } }
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)
        let run = try await fixture.sync(media: false)
        #expect(run.media == nil)
        #expect(await server.requestLog().filter { $0.path.hasPrefix("/media/") }.isEmpty)
        let attachments = try await fixture.count("SELECT COUNT(*) FROM media_attachments WHERE url IS NOT NULL")
        #expect(attachments > 0)
        #expect(
            try await fixture.count("SELECT COUNT(*) FROM media_attachment_files WHERE sha256 IS NULL") == attachments)

        // A leftover of an interrupted download is cleaned up by the next fetch.
        let leftover = fixture.iceboxHome.media.appending(path: ".tmp/stale.part")
        try FileManager.default.createDirectory(
            at: leftover.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("partial".utf8).write(to: leftover)
        var options = MediaFixture.options
        options.previews = false
        let report = try await fixture.store().fetch(options)
        #expect(report.cleanedTemporary == 1 && !FileManager.default.fileExists(atPath: leftover.path))
        #expect(report.stored == report.wanted && report.wanted > 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM media_attachment_files WHERE sha256 IS NULL") == 0)
        #expect(
            try await fixture.count("SELECT COUNT(*) FROM media_downloads WHERE kind = 'preview'") == 0,
            "no previews when told so")
    }

    @Test func searchFindsAStatusByItsAltText() async throws {
        let server = try await MediaFixture.server(statuses: 5)
        defer { Task { await server.stop() } }
        _ = await server.addStatus(mediaPaths: ["/media/heron.png"], description: "A grey heron standing on one leg")
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)
        try await fixture.sync()
        let found = try await fixture.archive.matchingURIs(fts: "heron")
        #expect(found.count == 1)
        #expect(found.first?.contains("/users/alice/statuses/") == true)
        #expect(try await fixture.archive.matchingURIs(fts: "alt_text:heron") == found)
    }
}
