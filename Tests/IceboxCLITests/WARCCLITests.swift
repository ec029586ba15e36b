import Archive
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Testing
import WARC

/// WARC provenance (issue 32) as a person or a cron job uses it: `sync --warc` captures every exchange,
/// `export … -o x.warc.gz` and `import warc` carry an archive through WARC and back.
@Suite(.serialized) struct WARCCLITests {
    static func records(in folder: URL) throws -> (files: [URL], records: [WARCRecord]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let files = names.filter { $0.hasSuffix(".warc.gz") }.map { folder.appending(path: $0) }
        var records: [WARCRecord] = []
        for file in files {
            for item in try WARCReader(file: file).items() {
                switch item {
                case .record(let record, _): records.append(record)
                case .damaged(let problem): Issue.record("\(problem)")
                }
            }
        }
        return (files, records)
    }

    @Test func aCapturedSyncHoldsEveryExchangeAndNoToken() async throws {
        let server = try await TestServer.startHome(statuses: 120)
        defer { Task { await server.stop() } }
        _ = try #require(await server.addStatus(username: "alice", mediaPaths: ["/media/warc/a.png"], text: "WARC"))
        let cli = try await CLI.pinningHome(of: server)
        await server.clearRequestLog()
        let folder = try TemporaryDirectory("icebox-warc-capture")
        let synced = try await cli.run("sync", "--quiet", "--warc", folder.path)
        #expect(synced.status == 0, "\(synced.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.allSatisfy { $0.hasSuffix(".warc.gz") }, "only complete files: \(names)")
        let (files, records) = try Self.records(in: folder.url)
        #expect(files.count == 1)
        #expect(records.first?.kind == .warcinfo)
        let info = String(decoding: records.first?.block ?? Data(), as: UTF8.self)
        #expect(info.contains("software: Icebox/") && info.contains("withheld") && info.contains("X-Archive-Orig"))

        // A response for every request the server answered, each with its request beside it.
        let responses = records.filter { $0.kind == .response }
        let requests = records.filter { $0.kind == .request }
        let logged = await server.requestLog().filter { $0.listener == "api" }
        #expect(!logged.isEmpty)
        for request in logged {
            let answered = responses.filter { URL(string: $0.targetURI ?? "")?.path == request.path }
            #expect(answered.count >= logged.to(request.path).count, "no response for \(request.path)")
        }
        #expect(responses.contains { $0.targetURI?.contains("/media/warc/a.png") == true }, "the media fetch")
        let responseIDs = Set(responses.compactMap(\.recordID))
        #expect(requests.count >= responses.count)
        for request in requests where request["WARC-Concurrent-To"] != nil {
            #expect(responseIDs.contains(request["WARC-Concurrent-To"] ?? ""))
        }
        #expect(records.dropFirst().allSatisfy { $0["WARC-IP-Address"] == "127.0.0.1" })
        let api = try #require(requests.first { $0.targetURI?.contains("/api/v1/timelines/home") == true })
        let sent = try #require(HTTPMessage(parsing: api.block))
        #expect(sent.header("Authorization") == "Bearer [withheld by Icebox]")

        // The token is nowhere in the files, compressed or not.
        let token = Data("test-token".utf8)
        for record in records { #expect(record.serialized().range(of: token) == nil) }

        // The response bodies of the timeline pages hold exactly the statuses the archive has.
        var captured = Set<String>()
        for response in responses where response.targetURI?.contains("/api/v1/timelines/home") == true {
            let body = try #require(HTTPMessage(parsing: response.block)).body
            for status in try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]]) {
                if let uri = status["uri"] as? String { captured.insert(uri) }
            }
        }
        let archive = try ArchiveDatabase(
            path: cli.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        #expect(Set(try await archive.allStatusURIs()) == captured)
    }

    @Test func exportedAsWARCAndImportedBackTheArchiveIsTheSame() async throws {
        let server = try await TestServer.startHome(statuses: 60)
        defer { Task { await server.stop() } }
        _ = try #require(await server.addStatus(username: "alice", mediaPaths: ["/media/warc/b.png"], text: "Pic"))
        let cli = try await CLI.syncingHome(of: server)
        let out = try TemporaryDirectory("icebox-warc-export")
        let file = out.url.appending(path: "home.warc.gz")
        let exported = try await cli.run("export", "timeline", "home", "-o", file.path)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.contains("(WARC/1.1)"), "\(exported.stderr)")
        let fresh = try CLI()
        let imported = try await fresh.run("import", "warc", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")

        let before = try ArchiveDatabase(
            path: cli.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        let after = try ArchiveDatabase(
            path: fresh.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        // Every post of the timeline is exported (a boost stands for the post it boosts, as in a tarball).
        var exportedURIs = Set<String>()
        for case .record(let record, _) in try WARCReader(file: file).items() where record.kind == .resource {
            if let uri = record["Icebox-Status-URI"] { exportedURIs.insert(uri) }
        }
        let posts = try await before.allStatusURIs().filter { !$0.hasSuffix("/activity") }
        #expect(Set(posts).subtracting(exportedURIs).isEmpty, "\(Set(posts).subtracting(exportedURIs))")
        // Each status's metadata record says where and when this archive saw it.
        let provenance = try WARCReader(file: file).items().compactMap { item -> String? in
            guard case .record(let record, _) = item, record.kind == .metadata else { return nil }
            return String(decoding: record.block, as: UTF8.self)
        }
        #expect(provenance.count == exportedURIs.count)
        for fields in provenance {
            #expect(
                fields.contains("\r\nfirst-seen-at: 20") && fields.contains("\r\nlast-stored-at: 20")
                    && fields.contains("\r\nseen-by-"), "\(fields)")
        }
        let importedURIs = try await after.allStatusURIs()
        #expect(Set(importedURIs) == exportedURIs)
        for uri in exportedURIs {
            let raw = try await after.rawJSON(uri: uri)
            let original = try await before.rawJSON(uri: uri)
            #expect(raw != nil && raw == original, "\(uri)")
        }
        let hashes = { (home: URL) in
            Set(
                (FileManager.default.enumerator(atPath: home.appending(path: "media").path)?.allObjects as? [String]
                    ?? [])
                    .filter { !$0.hasPrefix(".") && $0.contains(".") && !$0.contains(".tmp") }
                    .map { String($0.split(separator: "/").last?.split(separator: ".").first ?? "") })
        }
        // A status's files come back; a profile's header (kept with the account's profile versions, no
        // status's) is not a timeline's to carry.
        var media = Set<String>()
        for hash in hashes(cli.home.url)
        where try await before.mediaSources(sha256: hash).contains(where: { $0.kind != "header" }) {
            media.insert(hash)
        }
        #expect(!media.isEmpty)
        #expect(hashes(fresh.home.url) == media)
    }

    @Test func aDamagedFileImportsItsGoodRecordsAndNamesTheBadOnes() async throws {
        let out = try TemporaryDirectory("icebox-warc-damaged")
        var bad = WARCRecord.make(
            .resource, targetURI: "https://example.social/api/v1/statuses/2", contentType: "application/json",
            block: Data(#"{"id":"2"}"#.utf8))
        bad.block = Data(#"{"id":"3"}"#.utf8)
        let good = try Data(
            contentsOf: Repository.fixtures.appending(
                path: "status_edited_gifv_mention_hashtag_emoji_cw.mastodon-social.json"))
        let writer = try WARCWriter(
            directory: out.url, maxFileBytes: .max, naming: { _ in "damaged.warc.gz" },
            info: { _ in WARCRecord.make(.warcinfo, contentType: "application/warc-fields", block: Data()) })
        try writer.write([
            WARCRecord.make(
                .resource, targetURI: "https://example.social/api/v1/statuses/1", contentType: "application/json",
                block: good)
        ])
        try writer.write([bad])
        let file = try #require(try writer.close().first)
        let cli = try CLI()
        let imported = try await cli.run("import", "warc", file.path)
        #expect(imported.status == 65, "\(imported.stderr)")
        #expect(imported.stderr.contains(file.path) && imported.stderr.contains(bad.recordID ?? "?"))
        #expect(imported.stderr.contains("WARC-Block-Digest"))
        let archive = try ArchiveDatabase(
            path: cli.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        #expect(try await archive.allStatusURIs().count == 1, "the good record beside it was imported")

        let text = out.url.appending(path: "notes.txt")
        try Data("not a WARC".utf8).write(to: text)
        let refused = try await cli.run("import", "warc", text.path)
        #expect(refused.status != 0 && refused.stderr.contains(text.path) && refused.stderr.contains("not a WARC"))
    }

    @Test func aSyncKilledMidRunLeavesOnlyCompleteFiles() async throws {
        let server = try await TestServer.startHome(statuses: 1500)
        await server.setRateLimit(MastodonTestServer.RateLimit(limit: 1_000_000, window: 300))
        defer { Task { await server.stop() } }
        let cli = try await CLI.pinningHome(of: server)
        let folder = try TemporaryDirectory("icebox-warc-killed")
        let sync = try RunningCommand(
            CLI.binary,
            [
                "sync", "--no-media", "--backfill-pages", "1000", "--warc", folder.path, "--warc-max-size", "20K",
                "--home", cli.home.path,
            ])
        var complete: [String] = []
        for _ in 0..<400 {
            complete =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter {
                    $0.hasSuffix(".warc.gz")
                } ?? []
            if complete.count >= 2 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        sync.kill()
        #expect(await sync.wait() == SIGKILL, "killed mid-run")
        let (files, records) = try Self.records(in: folder.url)
        #expect(files.count >= 2)
        #expect(records.filter { $0.kind == .warcinfo }.count == files.count)
        #expect(records.contains { $0.kind == .response })
    }
}
