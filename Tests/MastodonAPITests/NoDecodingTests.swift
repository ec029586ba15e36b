import Foundation
import IceboxTestSupport
import MastodonAPI
import MastodonTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// libcurl never decodes an answer in a process that links Icebox's networking (CLazyCurl turns off the
/// decoding FoundationNetworking asks of it): a gzip body reaches a URLSession delegate as the bytes that
/// came on the wire, so a decompression bomb costs its wire size however late the delegate queue runs.
@Suite struct NoDecodingTests {
    /// Hands each piece of a body to a stream.
    final class Pieces: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let (stream, continuation) = AsyncStream<Data>.makeStream()

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            continuation.yield(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            continuation.finish()
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aGzipAnswerReachesTheDelegateAsTheBytesOnTheWire() async throws {
        var config = TestServerConfig()
        config.statusCount = 2
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        // A PNG signature then zeros, 1 GiB decoded, sent with `Content-Encoding: gzip`.
        let url = server.baseURL.appending(path: "media/hostile/bomb/\(1 << 30)/bomb.png")
        let pieces = Pieces()
        let session = URLSession(configuration: EphemeralSessions.configuration(), delegate: pieces, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: url)
        task.resume()
        var first: [UInt8] = []
        for await piece in pieces.stream {
            first += piece.prefix(4 - first.count)
            if first.count >= 4 { break }
        }
        task.cancel()
        #expect(first.prefix(2) == [0x1F, 0x8B], "gzip's own bytes, not the decoded PNG signature: \(first)")
    }
}
