import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import MediaArchive
import MediaFiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox sync` killed (SIGKILL) while a large file downloads slowly leaves no partial file in the
/// media archive; the next run cleans the temporary folder and completes.
@Suite(.serialized) struct KillMidDownloadTests {
    static let binary = CommandRunner.productsDirectory.appending(path: "icebox")

    @Test func aKilledDownloadLeavesNoPartialFileAndTheNextRunCompletes() async throws {
        let server = try await MediaFixture.server(statuses: 3)
        defer { Task { await server.stop() } }
        let path = "/media/slow/6000000/big.mp4"
        _ = await server.addStatus(mediaPaths: [path])
        let expected = SHA256.hex(try await served(server.baseURL.appending(path: path)))
        let home = try TemporaryDirectory("icebox-kill")
        let media = home.url.appending(path: "media")
        let pinned = try await CommandRunner.run(
            Self.binary,
            [
                "timeline", "add", "remote:\(server.baseURL.absoluteString)",
                "--home", home.path,
            ])
        #expect(pinned.status == 0, "\(pinned.stderr)")

        let sync = try RunningCommand(Self.binary, ["sync", "--home", home.path])
        // Wait (polling, no fixed delay) until the big file is partly downloaded, then kill.
        let temporary = media.appending(path: ".tmp")
        var partial: Int64 = 0
        for _ in 0..<3000 where partial < 256 * 1024 {
            partial = Self.largestFile(in: temporary)
            if partial < 256 * 1024 { try await Task.sleep(for: .milliseconds(10)) }
        }
        sync.kill()
        #expect(await sync.wait() == SIGKILL)
        #expect(partial >= 256 * 1024 && partial < 6_000_000, "killed mid-download (\(partial) bytes in)")

        // No partial file anywhere in the store: every file there is whole and named by its hash.
        let archive = try ArchiveDatabase(path: home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        let store = try MediaStore(media: media, archive: archive, logger: Logger(label: "t"))
        let files = Self.filesOutsideTemporary(media)
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            #expect(try await systemSHA256(file) == name, "\(file.path) is whole")
            #expect(name != expected, "the big file was not finished")
        }

        let second = try await CommandRunner.run(Self.binary, ["sync", "--home", home.path])
        #expect(second.status == 0, "\(second.stderr)")
        let big = try #require(try await store.file(forURL: server.baseURL.absoluteString + path))
        #expect(big.lastPathComponent == "\(expected).mp4")
        #expect(try await systemSHA256(big) == expected)
        #expect((try FileManager.default.contentsOfDirectory(atPath: temporary.path)).isEmpty, ".tmp cleaned")
        #expect(try await store.verify(repair: false).problems.isEmpty)
    }

    static func filesOutsideTemporary(_ media: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: media, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.compactMap { $0 as? URL } ?? []).filter {
            !$0.path.contains("/.tmp/") && (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    static func largestFile(in folder: URL) -> Int64 {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap {
            (try? FileManager.default.attributesOfItem(atPath: folder.appending(path: $0).path)[.size] as? NSNumber)?
                .int64Value
        }.max() ?? 0
    }
}
