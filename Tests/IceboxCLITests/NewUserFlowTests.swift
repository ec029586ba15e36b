import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// The walking skeleton as a new user tries it: add an account, pin timelines, sync, count.
@Suite(.serialized) struct NewUserFlowTests {
    @Test func addPinSyncThenIncrementalSyncs() async throws {
        // Alice follows everyone, so every new status reaches her home timeline.
        let server = try await TestServer.startWithFixtures(homeShare: 1)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        let base = server.baseURL.absoluteString

        let added = try await cli.run("account", "add", base, "--token-stdin", stdin: "test-token\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("alice@icebox.test"))
        #expect(!(added.stdout + added.stderr).contains("test-token"), "the token is never printed")
        let credentials = cli.home.url.appending(path: "credentials.json")
        let mode = try FileManager.default.attributesOfItem(atPath: credentials.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        #expect(try await cli.run("timeline", "add", "home").status == 0)
        #expect(try await cli.run("timeline", "add", "remote:\(base)").status == 0)

        let first = try await cli.run("sync")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("home (alice@icebox.test):") && first.stdout.contains("remote:\(base):"))
        let homeKeys = try await ServedTimeline.archiveKeys(
            baseURL: server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        let localKeys = try await ServedTimeline.archiveKeys(
            baseURL: server.baseURL, path: "/api/v1/timelines/public?local=true", token: nil)
        var served = homeKeys.union(localKeys)
        #expect(try await cli.stats()["statuses"] as? Int == served.count)

        await server.clearRequestLog()
        let second = try await cli.run("sync", "--json")
        #expect(second.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any]
        let timelines = summary?["timelines"] as? [[String: Any]] ?? []
        #expect(timelines.count == 2 && timelines.allSatisfy { $0["new"] as? Int == 0 })
        #expect(await server.requestLog().filter { $0.path.hasPrefix("/api/v1/timelines") }.count == 2)

        let before = served
        _ = await server.addStatuses(100)
        let third = try await cli.run("sync", "--quiet")
        #expect(third.status == 0 && third.stdout.isEmpty && third.stderr.isEmpty, "--quiet is silent on success")
        let homeAfter = try await ServedTimeline.archiveKeys(
            baseURL: server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        let localAfter = try await ServedTimeline.archiveKeys(
            baseURL: server.baseURL, path: "/api/v1/timelines/public?local=true", token: nil)
        served = homeAfter.union(localAfter)
        let grown = served.subtracting(before).count
        #expect(grown >= 100, "the 100 new statuses, plus any new post they boost")
        #expect(try await cli.stats()["statuses"] as? Int == served.count, "exactly those were added")

        let listed = try await cli.run("timeline", "list", "--json")
        let pinned = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(
            pinned.count == 2
                && pinned.allSatisfy {
                    $0["backfill_complete"] as? Bool == true && $0["last_result"] as? String == "ok"
                })
    }

    @Test func theBinaryAloneCreatesAndMigratesAnArchive() async throws {
        let elsewhere = try TemporaryDirectory("icebox-copy")
        let copy = elsewhere.url.appending(path: "icebox")
        // Copied by cp, not by this process: a copy written here can be inherited, open for writing, by a
        // process another test starts at that moment, and running it then fails with ETXTBSY (seen in CI).
        let copied = try await CommandRunner.run(URL(fileURLWithPath: "/bin/cp"), [CLI.binary.path, copy.path])
        #expect(copied.status == 0, "\(copied.stderr)")
        let home = elsewhere.url.appending(path: "home")
        // A command that writes starts the archive (one that only reads never does).
        let result = try await CommandRunner.run(
            copy, ["timeline", "add", "remote:http://127.0.0.1:9", "--home", home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appending(path: "archive.sqlite").path))
    }

    @Test func defaultHomeFollowsXDG() async throws {
        let xdg = try TemporaryDirectory("icebox-xdg")
        let result = try await CommandRunner.run(
            CLI.binary, ["timeline", "add", "remote:http://127.0.0.1:9"],
            environment: ["XDG_DATA_HOME": xdg.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: xdg.url.appending(path: "icebox/archive.sqlite").path))
    }
}
