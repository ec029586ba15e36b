import ArchiveCore
import Foundation
import IceboxTestSupport
import Testing

/// `icebox import mastodon-export` as a user runs it: the binary, its exit status and its messages.
@Suite("icebox import mastodon-export")
struct ImportCommandTests {
    private let icebox = CommandRunner.productsDirectory.appending(path: "icebox")

    @Test func importsThenShowsWhereAStatusCameFrom() async throws {
        let home = try TemporaryDirectory("icebox-import-cli")
        let imported = try await CommandRunner.run(
            icebox,
            [
                "import", "mastodon-export", ImportFixture.exportFolder.path,
                "--home", home.path,
            ])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("(alice@social.example)") && imported.stderr.contains("8 new"))
        let shown = try await CommandRunner.run(
            icebox,
            [
                "show", ImportFixture.statusBase + "111000000000000002",
                "--home", home.path,
            ])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("The ending of the film is sad"))
        #expect(shown.stdout.contains("archived from: import mastodon-export mastodon-export (outbox.json item 2)"))
    }

    @Test func aBadFileExitsWithADataErrorNamingIt() async throws {
        let home = try TemporaryDirectory("icebox-import-cli")
        let file = home.url.appending(path: "holiday.zip")
        try ZipMaker.write([("readme.txt", Data("hello".utf8))], to: file)
        let result = try await CommandRunner.run(icebox, ["import", "mastodon-export", file.path, "--home", home.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(file.path) is not a Mastodon export"))
    }
}

extension ImportCommandTests {
    @Test func anImportWaitsForNoSyncItStopsWhileOneRuns() async throws {
        let home = try TemporaryDirectory("icebox-import-cli")
        let lock = try await SyncLock(path: IceboxHome(directory: home.url).syncLock, wait: false)
        let result = try await CommandRunner.run(
            icebox,
            [
                "import", "mastodon-export", ImportFixture.exportFolder.path,
                "--home", home.path,
            ])
        withExtendedLifetime(lock) {}
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("is running on this archive"))
        let shown = try await CommandRunner.run(
            icebox,
            [
                "show", ImportFixture.statusBase + "111000000000000002",
                "--home", home.path,
            ])
        #expect(shown.status != 0)
    }
}
