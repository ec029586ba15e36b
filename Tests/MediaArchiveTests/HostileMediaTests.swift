import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import MastodonTestServer
import Testing

@testable import MediaArchive

/// A media host cannot hold a run or fill memory: a trickled attachment ends at its deadline, a gzip
/// bomb is refused at its headers (media is fetched as stored), and neither leaves a file behind.
@Suite struct HostileMediaTests {
    @Test(.timeLimit(.minutes(1)))
    func aTrickledAttachmentEndsAtItsDeadline() async throws {
        let server = try await MediaFixture.server(statuses: 2)
        defer { Task { await server.stop() } }
        _ = await server.addStatus(mediaPaths: ["/media/hostile/trickle/slow.png"])
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)
        let started = ContinuousClock.now
        let run = try await fixture.sync { options in
            options.media.deadline = 3
            options.media.minimumRate = 0
        }
        let elapsed = ContinuousClock.now - started
        let record = try await fixture.download(server.baseURL.absoluteString + "/media/hostile/trickle/slow.png")
        #expect(record?.failure?.contains("deadline") == true, "\(String(describing: record))")
        #expect(run.media?.report?.deferred == 1, "tried again next run, not given up for good")
        #expect(elapsed < .seconds(30), "a 3 s deadline, attempts included, not minutes: \(elapsed)")
    }

    @Test(.timeLimit(.minutes(2)))
    func aGzipBombAttachmentIsRefusedBeforeItIsDecoded() async throws {
        let server = try await MediaFixture.server(statuses: 2)
        defer { Task { await server.stop() } }
        let path = "/media/hostile/bomb/\(4 << 30)/bomb.png"
        _ = await server.addStatus(mediaPaths: [path])
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)
        // 64 MiB: more than the ~27 MB sent, so the declared length does not refuse it.
        _ = try await fixture.sync { $0.media.maxFileSize = 64 << 20 }
        let record = try await fixture.download(server.baseURL.absoluteString + path)
        #expect(record?.state == "failed")
        #expect(record?.failure?.contains("Content-Encoding: gzip") == true, "\(String(describing: record))")
        let leftovers =
            (try? FileManager.default.contentsOfDirectory(atPath: fixture.iceboxHome.media.appending(path: ".tmp").path))
            ?? []
        #expect(leftovers.isEmpty, "nothing left behind: \(leftovers)")
    }
}
