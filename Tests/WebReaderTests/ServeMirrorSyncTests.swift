import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Another Icebox syncs from an archive's `icebox serve` (issue 45): archive A syncs a test server; B adds
/// A's `serve` as its account and syncs its home and a tag from it. B keeps every status with A's raw JSON
/// byte for byte (the original server's bytes, not the mirror's rendering), every edit history's versions
/// byte for byte, A's tombstones, and the attachments' files by hash from A (the posts' server is gone by
/// then); a second
/// sync asks for nothing new, and a copy from the post's own server outranks the mirror's, whichever
/// comes first.
@Suite(.serialized) struct ServeMirrorSyncTests {
    @Test(arguments: ServedStore.allCases) func anotherIceboxKeepsTheArchivedBytes(_ kind: ServedStore) async throws {
        var config = TestServerConfig()
        config.statusCount = 60
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        // Some of the home's posts were edited: A keeps their histories.
        for id in await server.timelineIDs(.home("alice")).prefix(4) {
            _ = await server.editStatus(id: id, content: "<p>edited before the mirror</p>")
        }
        let first = try TemporaryDirectory("icebox-mirror-first")
        try await Self.icebox(
            first, ["account", "add", server.baseURL.absoluteString, "--token-stdin"], stdin: "test-token\n")
        for arguments in [["timeline", "add", "home"], ["timeline", "add", "tag:swift"], ["sync", "--quiet"]] {
            try await Self.icebox(first, arguments)
        }
        // One of them was deleted since: A's recheck keeps it as a tombstone.
        let deleted = try #require(await server.timelineIDs(.home("alice")).dropFirst(6).first)
        #expect(await server.deleteStatus(id: deleted))
        try await Self.icebox(first, ["sync", "--recheck=1000", "--quiet"])
        // The posts' own server is gone: B can have their media from A only.
        await server.stop()
        let token = try await ServeMastodonAPITests.token(first)
        guard let served = try await ServeMastodonAPITests.serve(first, on: .sqlite) else { return }
        defer { served.running.signal(SIGTERM) }
        let mirror = "http://127.0.0.1:\(served.served.port)"

        let second = try TemporaryDirectory("icebox-mirror-second")
        var store: [String] = []
        if kind == .postgres {
            guard let url = try await ServedStore.newDatabase() else { return }
            store = ["--store", url]
        }
        try await Self.icebox(second, ["account", "add", mirror, "--token-stdin"] + store, stdin: token + "\n")
        for arguments in [["timeline", "add", "home"], ["timeline", "add", "tag:swift"], ["sync", "--quiet"]] {
            try await Self.icebox(second, arguments + store)
        }

        // Every status, boosts and the posts they boost, with A's raw JSON byte for byte.
        let uris = try await Self.uris(first)
        #expect(uris.count > 40, "the corpus gives more than a page: \(uris.count)")
        #expect(try await Self.statusCount(second, store) == uris.count, "every status, none of the mirror's own")
        for uri in uris {
            let original = try await Self.icebox(first, ["show", uri, "--raw"])
            let mirrored = try await Self.icebox(second, ["show", uri, "--raw"] + store)
            #expect(mirrored.stdout == original.stdout, "\(uri)")
            #expect(!mirrored.stdout.contains(MirrorMember.name), "\(uri): the mirror's rendering is not kept")
        }

        // Edits as history, each version byte for byte; media by hash, fetched from A.
        let histories = try await Self.rows(first, [], Self.histories)
        #expect(histories.count >= 2, "A keeps edit histories: \(histories.count) versions")
        let mirroredHistories = try await Self.rows(second, store, Self.histories)
        #expect(mirroredHistories == histories, "\(mirroredHistories.count) versions of \(histories.count)")
        let files = try await Self.rows(first, [], Self.files)
        #expect(files.count >= 3, "A keeps the attachments' files: \(files.count)")
        #expect(try await Self.rows(second, store, Self.files) == files)
        let copies = try await Self.rows(
            second, store, { _ in "SELECT count(*) FROM media_downloads WHERE state = 'stored' AND from_file <> 1" })
        #expect(copies == ["0"], "every file is a copy the URL's own server may replace")

        // B's own API links replies as A's does: B records A's ids for the statuses, whose raw JSON holds
        // the original server's.
        if kind == .sqlite {
            let secondToken = try await ServeMastodonAPITests.token(second)
            let secondServed = try #require(try await ServeMastodonAPITests.serve(second, on: .sqlite))
            defer { secondServed.running.signal(SIGTERM) }
            // Each reply's uri with its parent's, found by the id the page gives (each archive its own ids).
            func replies(_ api: ServeMastodonAPITests.API) async throws -> [String] {
                let listed = try await api.pages("/api/v1/timelines/home?limit=40", following: "next")
                let uris = Dictionary(listed.map { ($0.id, $0.uri) }, uniquingKeysWith: { first, _ in first })
                return listed.compactMap { status in
                    guard let parent = status.object["in_reply_to_id"] as? String else { return nil }
                    return "\(status.uri) → \(uris[parent] ?? "a post not on the page")"
                }
            }
            let linked = try await replies(ServeMastodonAPITests.API(served: served.served, token: token))
            #expect(!linked.isEmpty, "A's home holds replies to posts it holds")
            #expect(
                try await replies(ServeMastodonAPITests.API(served: secondServed.served, token: secondToken)) == linked)
        }

        // A's tombstones are B's, learned from the archive it mirrors.
        let tombstones = try await Self.rows(first, [], Self.tombstones)
        #expect(tombstones.count >= 1, "A keeps the deleted post as a tombstone")
        #expect(try await Self.rows(second, store, Self.tombstones) == tombstones)
        let via = try await Self.rows(second, store) { _ in
            "SELECT DISTINCT gone_via FROM statuses WHERE gone_at IS NOT NULL"
        }
        #expect(via == ["mirror"])

        // A second sync asks for nothing new: one catch-up request per timeline, answered empty.
        // (The account's relations, followers and the like, are asked as from any server.)
        let again = try await Self.icebox(second, ["sync", "-vv"] + store)
        let requests = again.stderr.split(separator: "\n").filter { $0.contains("GET \(mirror)/api/v1/timelines/") }
        #expect(requests.count == 2, "\(requests)")
        #expect(requests.allSatisfy { $0.contains("min_id=") }, "\(requests)")
        #expect(try await Self.statusCount(second, store) == uris.count, "nothing new stored")

        // A post deleted after B took it: the posts' server is back, A's recheck keeps the tombstone, and
        // B's recheck of A (twenty statuses a request) brings it.
        var revival = config
        revival.port = UInt16(server.baseURL.port ?? 0)
        let revived = try await TestServer.start(revival)
        defer { Task { await revived.stop() } }
        let later = try #require(await revived.timelineIDs(.home("alice")).dropFirst(9).first)
        #expect(await revived.deleteStatus(id: later))
        try await Self.icebox(first, ["sync", "--recheck=1000", "--quiet"])
        let newer = try await Self.rows(first, [], Self.tombstones)
        #expect(newer.count > tombstones.count, "A keeps the later deletion too")
        let recheck = try await Self.icebox(second, ["sync", "--recheck=1000", "-vv"] + store)
        #expect(recheck.stderr.contains("GET \(mirror)/api/v1/statuses?id"), "asked in batches")
        #expect(try await Self.rows(second, store, Self.tombstones) == newer)
    }

    /// A page of large posts (here thirty of 300 KB: with their archived bytes beside them, a page of forty
    /// would pass the 16 MiB a sync reads of one answer) is cut short by the serving archive, and the
    /// second takes every post, page after page.
    @Test func aPageOfLargePostsIsCutShortNotLost() async throws {
        var config = TestServerConfig()
        config.statusCount = 5
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        for index in 0..<30 {
            let text = "large post \(index) " + String(repeating: "archive ", count: 37_500)
            #expect(await server.addStatus(text: text) != nil)
        }
        let first = try TemporaryDirectory("icebox-mirror-large-first")
        try await Self.icebox(
            first, ["account", "add", server.baseURL.absoluteString, "--token-stdin"], stdin: "test-token\n")
        for arguments in [["timeline", "add", "home"], ["sync", "--quiet", "--no-media"]] {
            try await Self.icebox(first, arguments)
        }
        let token = try await ServeMastodonAPITests.token(first)
        guard let served = try await ServeMastodonAPITests.serve(first, on: .sqlite) else { return }
        defer { served.running.signal(SIGTERM) }
        let second = try TemporaryDirectory("icebox-mirror-large-second")
        let mirror = "http://127.0.0.1:\(served.served.port)"
        try await Self.icebox(second, ["account", "add", mirror, "--token-stdin"], stdin: token + "\n")
        for arguments in [["timeline", "add", "home"], ["sync", "--quiet", "--no-media"]] {
            try await Self.icebox(second, arguments)
        }
        let uris = try await Self.uris(first)
        #expect(uris.count >= 30)
        #expect(try await Self.uris(second) == uris)

        // Thirty more: B's catch-up reads upward from below its newest, page after cut page, to the top
        // (a cut page is no short page that would end it).
        for index in 30..<60 {
            let text = "large post \(index) " + String(repeating: "archive ", count: 37_500)
            #expect(await server.addStatus(text: text) != nil)
        }
        try await Self.icebox(first, ["sync", "--quiet", "--no-media"])
        try await Self.icebox(second, ["sync", "--quiet", "--no-media"])
        let more = try await Self.uris(first)
        #expect(more.count >= 60)
        #expect(try await Self.uris(second) == more)
    }

    /// The mirror is no origin: a post's own server's copy (here read anonymously from that server's
    /// public timeline) replaces the mirrored one when it comes after it, and the mirrored one never replaces
    /// it.
    @Test func theOriginOutranksTheMirror() async throws {
        // The server's posts are its own: their uris are on its address, so it is their origin.
        var config = TestServerConfig()
        config.statusCount = 40
        config.port = try FreePort.onLoopback()
        config.domain = "127.0.0.1:\(config.port)"
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let first = try TemporaryDirectory("icebox-mirror-origin-first")
        try await Self.icebox(
            first, ["account", "add", server.baseURL.absoluteString, "--token-stdin"], stdin: "test-token\n")
        for arguments in [["timeline", "add", "home"], ["sync", "--quiet"]] { try await Self.icebox(first, arguments) }
        let token = try await ServeMastodonAPITests.token(first)
        guard let served = try await ServeMastodonAPITests.serve(first, on: .sqlite) else { return }
        defer { served.running.signal(SIGTERM) }
        let mirror = "127.0.0.1:\(served.served.port)"
        let origin = "127.0.0.1:\(server.baseURL.port ?? 0)"

        for mirrorFirst in [true, false] {
            let second = try TemporaryDirectory("icebox-mirror-origin-second")
            try await Self.icebox(second, ["account", "add", "http://" + mirror, "--token-stdin"], stdin: token + "\n")
            let pins = [["timeline", "add", "home"], ["timeline", "add", "remote:\(server.baseURL.absoluteString)"]]
            for arguments in mirrorFirst ? pins : pins.reversed() {
                try await Self.icebox(second, arguments)
                try await Self.icebox(second, ["sync", "--quiet"])
            }
            // The origin's own posts read from both: shown from the origin.
            let both = try await Self.sqlite(
                second,
                """
                SELECT s.uri || ' ' || s.raw_server FROM statuses s
                WHERE s.uri LIKE '%://\(origin)/%'
                AND (SELECT count(DISTINCT t.spec) FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                    WHERE ts.status_id = s.id) = 2
                """)
            #expect(!both.isEmpty, "the origin's posts came from the mirror and the origin")
            for row in both { #expect(row.hasSuffix(origin), "mirror first: \(mirrorFirst): \(row)") }
            if mirrorFirst {
                let copies = try await Self.sqlite(
                    second, "SELECT count(*) FROM status_copies WHERE server LIKE '%\(mirror)'")
                #expect(Int(copies.first ?? "") ?? 0 >= both.count, "the mirrored copies kept beside: \(copies)")
            }
        }
    }

    // MARK: Helpers

    /// The name of the mirror member, as the serving side writes it.
    enum MirrorMember { static let name = "\"icebox\":{\"raw_server\"" }

    /// Runs `icebox` on the archive in `home`; it must succeed.
    @discardableResult
    static func icebox(_ home: TemporaryDirectory, _ arguments: [String], stdin: String? = nil) async throws
        -> CommandResult
    {
        let result = try await ServedArchive.icebox(arguments + ["--home", home.path], stdin: stdin)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// How many statuses `icebox stats` counts in the archive.
    static func statusCount(_ home: TemporaryDirectory, _ store: [String]) async throws -> Int? {
        let stats = try await icebox(home, ["stats", "--json"] + store)
        let object = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        return object?["statuses"] as? Int
    }

    /// The uris of the posts held as deleted.
    static func tombstones(_: Bool) -> String { "SELECT uri FROM statuses WHERE gone_at IS NOT NULL ORDER BY uri" }

    /// Each kept version of an edit history: the status's uri, its place and its bytes in hex (as served:
    /// SQLite keeps a version's account object apart, and its status_edit_json view puts it back).
    static func histories(_ postgres: Bool) -> String {
        postgres
            ? """
            SELECT s.uri || ' ' || e.position || ' ' || upper(encode(e.raw_json, 'hex'))
            FROM status_edits e JOIN statuses s ON s.id = e.status_id ORDER BY s.uri, e.position
            """
            : """
            SELECT s.uri || ' ' || e.position || ' ' || hex(e.raw_json)
            FROM status_edit_json e JOIN statuses s ON s.id = e.number ORDER BY s.uri, e.position
            """
    }

    /// Each attachment's kept file: the status's uri, the attachment's place and the file's hash.
    static func files(_ postgres: Bool) -> String {
        """
        SELECT s.uri || ' ' || m.position || ' ' || m.sha256 FROM media_attachment_files m
        JOIN statuses s ON s.id = m.status_id WHERE m.sha256 IS NOT NULL ORDER BY s.uri, m.position
        """
    }

    /// The lines `sql` (given whether the store is PostgreSQL) answers in the archive in `home`, on the
    /// PostgreSQL database `store` names (`["--store", url]`) when given.
    static func rows(_ home: TemporaryDirectory, _ store: [String], _ sql: (Bool) -> String) async throws -> [String] {
        guard let url = store.last, store.count == 2 else { return try await sqlite(home, sql(false)) }
        let result = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["psql", url, "-X", "-A", "-t", "-q", "-c", sql(true)])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Every status uri of the SQLite archive in `home`.
    static func uris(_ home: TemporaryDirectory) async throws -> [String] {
        try await sqlite(home, "SELECT uri FROM statuses ORDER BY uri")
    }

    /// The lines `sql` answers in the SQLite archive in `home`.
    static func sqlite(_ home: TemporaryDirectory, _ sql: String) async throws -> [String] {
        let result = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", home.url.appending(path: "archive.sqlite").path, sql])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }
}
