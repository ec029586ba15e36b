import Foundation
import GRDB
import IceboxTestSupport
import MastodonTestServer
import Testing
import WARC

/// `import warc` and `sync --warc` as a person meets them (issue 42): a capture's edit histories come
/// back, a server echoing the token back never puts it in a file, and a file that is not WARC is
/// refused with one clear message.
@Suite(.serialized) struct WARCImportCLITests {
    private static func count(_ table: String, in cli: CLI) throws -> Int {
        let queue = try DatabaseQueue(path: cli.home.url.appending(path: "archive.sqlite").path)
        return try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    private static func captured(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".warc.gz") }
            .sorted().map { folder.appending(path: $0) }
    }

    @Test func theEditHistoriesOfACaptureAreImported() async throws {
        let server = try await TestServer.startHome(statuses: 30)
        defer { Task { await server.stop() } }
        for number in 0..<4 {
            let id = try #require(await server.addStatus(username: "alice", text: "first words \(number)"))
            #expect(await server.editStatus(id: id, content: "second words \(number)"))
        }
        let cli = try await CLI.pinningHome(of: server)
        let folder = try TemporaryDirectory("icebox-warc-history")
        let synced = try await cli.run("sync", "--quiet", "--no-media", "--warc", folder.path)
        #expect(synced.status == 0, "\(synced.stderr)")
        let kept = try Self.count("status_edits", in: cli)
        #expect(kept >= 8, "the sync kept every version: \(kept)")
        let fresh = try CLI()
        for file in try Self.captured(in: folder.url) {
            let imported = try await fresh.run("import", "warc", file.path)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        #expect(try Self.count("status_edits", in: fresh) == kept)
        #expect(try Self.count("edit_history_wanted", in: fresh) == 0, "no server is asked by a file's ids")
    }

    @Test func aServerEchoingTheTokenBackNeverPutsItInACapture() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        var modes = HostileModes()
        modes.echoAuthorization = true
        await server.setHostile(modes)
        let cli = try await CLI.pinningHome(of: server)
        let folder = try TemporaryDirectory("icebox-warc-echo")
        let synced = try await cli.run("sync", "--quiet", "--no-media", "--warc", folder.path)
        #expect(synced.status == 0, "\(synced.stderr)")
        let token = Data("test-token".utf8)
        var echoed = 0
        for file in try Self.captured(in: folder.url) {
            for case .record(let record, _) in try WARCReader(file: file).items() {
                #expect(record.serialized().range(of: token) == nil, "\(record.targetURI ?? "")")
                if record.serialized().range(of: Data("X-Echo-Authorization".utf8)) != nil { echoed += 1 }
            }
        }
        #expect(echoed > 0, "the server did echo")
    }

    @Test func aFileThatIsNotWARCIsRefusedWithOneClearMessage() async throws {
        let folder = try TemporaryDirectory("icebox-warc-not")
        let gzip = folder.url.appending(path: "text.gz")
        try GzipMember.compress(Data("hello, not a WARC record\n".utf8)).write(to: gzip)
        let lines = folder.url.appending(path: "statuses.jsonl")
        try Data("{}\n".utf8).write(to: lines)
        let cli = try CLI()
        for (file, saying) in [
            (gzip, "not a WARC record"), (lines, "is not a WARC file"), (folder.url, "is a folder"),
        ] {
            let result = try await cli.run("import", "warc", file.path)
            #expect(result.status == 65, "\(file.lastPathComponent): \(result.stderr)")
            #expect(result.stderr.contains(file.path) && result.stderr.contains(saying), "\(result.stderr)")
            #expect(!result.stderr.contains("not not") && !result.stderr.contains("NSCocoaErrorDomain"))
            #expect(!(result.stdout + result.stderr).contains("imported"), "\(result.stdout) \(result.stderr)")
        }
    }
}
