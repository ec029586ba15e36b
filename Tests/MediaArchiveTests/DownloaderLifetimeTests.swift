import Foundation
import IceboxTestSupport
import MediaFiles
import Models
import Testing

@testable import MediaArchive

/// A media downloader, with its URL session and connections, is gone once the fetch that used it is
/// done, not when its transfers' deadlines come round: `sync --loop` and `watch` start a few every round.
@Suite struct DownloaderLifetimeTests {
    @Test func aDownloaderIsFreedWhenItsLastDownloadEnds() async throws {
        let server = try await MediaFixture.server(statuses: 2)
        defer { Task { await server.stop() } }
        let folder = try TemporaryDirectory()
        let layout = MediaLayout(root: folder.url.appending(path: "media"))
        var options = MediaOptions()
        options.trustedOrigins = [server.baseURL]
        options.deadline = 600
        let url = try #require(URL(string: server.baseURL.absoluteString + "/media/genuine.png"))
        weak var released: MediaDownloader?
        do {
            let downloader = MediaDownloader(layout: layout, options: options)
            released = downloader
            let file = try await downloader.download(url)
            try? FileManager.default.removeItem(at: file.temporary)
        }
        // The session's delegate queue lets go of the finished task a moment after the answer.
        try await waitUntil(seconds: 10) { released == nil }
        #expect(released == nil, "the downloader outlived its download (held until the 600 s deadline)")
    }
}
