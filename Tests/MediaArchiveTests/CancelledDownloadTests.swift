import Foundation
import IceboxTestSupport
import MediaFiles
import Models
import Testing

@testable import MediaArchive

/// A download ends when its task is cancelled, however the cancellation and the transfer's completion
/// are ordered, and leaves no file behind (the same lost-completion hang as the API requests had).
@Suite struct CancelledDownloadTests {
    @Test func downloadsInACancelledTaskEndAndLeaveNothing() async throws {
        let server = try await MediaFixture.server(statuses: 2)
        defer { Task { await server.stop() } }
        let folder = try TemporaryDirectory()
        let layout = MediaLayout(root: folder.url.appending(path: "media"))
        var options = MediaOptions()
        options.minimumRate = 0
        options.trustedOrigins = [server.baseURL]
        let downloader = MediaDownloader(layout: layout, options: options)
        let url = try #require(URL(string: server.baseURL.absoluteString + "/media/hostile/trickle/slow.png"))
        for round in 0..<5 {
            let started = OneShot<Void>()
            let downloads = Task { () async -> [String] in
                var outcomes: [String] = []
                for attempt in 0..<4 {
                    if attempt == 0 { started.fulfil(()) }
                    do {
                        _ = try await downloader.download(url)
                        outcomes.append("downloaded")
                    } catch {
                        outcomes.append("\(error)")
                    }
                }
                return outcomes
            }
            await started.value()
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...300)))
            downloads.cancel()
            let outcomes = await outcome(within: .seconds(30)) { await downloads.value }
            guard let outcomes else {
                Issue.record("round \(round): a download in the cancelled task never ended")
                return
            }
            #expect(outcomes.allSatisfy { $0.contains("cancelled") }, "round \(round): \(outcomes)")
        }
        // The delegate removes each temporary file when its task completes, a moment after the answer.
        try await waitUntil(seconds: 30) {
            ((try? FileManager.default.contentsOfDirectory(atPath: layout.temporary.path)) ?? []).isEmpty
        }
    }
}
