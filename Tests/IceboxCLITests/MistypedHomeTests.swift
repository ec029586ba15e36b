import Foundation
import IceboxTestSupport
import Testing

/// A cron job or a systemd service runs `sync` or `watch` against a folder it names: a typo there must
/// fail loudly, never start an empty archive and succeed every run after (issue 42, M3).
@Suite(.serialized) struct MistypedHomeTests {
    @Test(arguments: [["sync", "--quiet"], ["sync"], ["sync", "--quiet", "--loop"], ["watch"]])
    func syncAndWatchInAFolderWithNoArchiveExit66AndCreateNothing(_ command: [String]) async throws {
        let parent = try TemporaryDirectory("icebox-typo")
        let home = parent.url.appending(path: "archvie")
        let result = try await CommandRunner.run(CLI.binary, command + ["--home", home.path])
        #expect(result.status == 66, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("no archive in \(home.path)"), "\(command): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path), "\(command) created the folder")
    }

    @Test func theEnvironmentsFolderIsHeldToTheSameRule() async throws {
        let parent = try TemporaryDirectory("icebox-typo-env")
        let home = parent.url.appending(path: "icebox-hom")
        let result = try await CommandRunner.run(
            CLI.binary, ["sync", "--quiet"], environment: ["ICEBOX_HOME": home.path])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }

    @Test(arguments: [["sync", "--quiet"], ["sync", "--json"], ["watch"]])
    func anArchiveWithNothingPinnedFailsWithExit78EvenQuietly(_ command: [String]) async throws {
        let cli = try CLI()
        // `timeline add` starts the archive; removing the pin leaves an archive with nothing to do.
        #expect(try await cli.run("timeline", "add", "remote:http://127.0.0.1:9").status == 0)
        #expect(try await cli.run("timeline", "remove", "remote:http://127.0.0.1:9").status == 0)
        let result = try await cli.run(command)
        #expect(result.status == 78, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("no timelines pinned"), "\(command): \(result.stderr)")
    }
}
