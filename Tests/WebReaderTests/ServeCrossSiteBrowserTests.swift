import Foundation
import Hummingbird
import HummingbirdTesting
import IceboxTestSupport
import Testing

/// XS-Search in a real browser (headless Chromium, `scripts/page-probe`): the owner has opened the
/// printed address, so the browser holds the reader's cookie; then a page of another origin on this
/// machine (another port of 127.0.0.1: the same site, so the cookie is even sent along) makes the
/// browser fetch searches from the reader. Each is refused before any store work: the reader's
/// `/metrics` counts exactly those refusals (the cross-site ones), and the owner's own pages load in
/// that browser.
@Suite(.serialized) struct ServeCrossSiteBrowserTests {
    @Test(.enabled(if: HeadlessBrowser.shouldRun)) func anotherOriginsPageCannotAskTheReader() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            let reader = "http://\(served.authority)"
            let printed = try #require(served.token.map { reader + "/?token=" + $0 })
            let searches = ["/search?q=hostile", "/search?q=zebra%20OR%20fixtures", "/tags/hostile", "/"]
            let fetches = searches.map {
                "fetch('\(reader)\($0)', {mode: 'no-cors', credentials: 'include'}).catch(() => null)"
            }
            let page = """
                <!DOCTYPE html><html><head><title>elsewhere</title></head><body><p>another site</p>
                <script>Promise.all([\(fetches.joined(separator: ", "))]).then(() => { document.title = 'done' })</script>
                </body></html>
                """
            let router = Router()
            router.get("/") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
            }
            let before = try await Self.refusedCrossSite(served)
            let elsewhere = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            try await elsewhere.test(.live) { client in
                let origin = "http://127.0.0.1:\(try #require(client.port))/"
                let probe = try await PageProbe.load(origin, width: 800, first: [printed])
                // Each was sent by the browser (the answers themselves are withheld from the page, and from
                // DevTools, by the reader's Cross-Origin-Resource-Policy), and each was refused by the guard,
                // which runs before any route asks the store: the reader counts exactly these refusals.
                for path in searches { #expect(probe.requests.contains(reader + path), "\(path): \(probe.requests)") }
                for answer in probe.responses where searches.contains(where: { answer.url == reader + $0 }) {
                    #expect(answer.status == 403, "\(answer.url) from \(origin): \(answer.status)")
                }
                #expect(
                    try await Self.refusedCrossSite(served) - before == searches.count, "refused before any store work")
            }
            // The owner's own pages, in a browser holding the cookie.
            let own = try await PageProbe.load(reader + "/search?q=hostile", width: 800, first: [printed])
            #expect(own.responses.first { $0.url == reader + "/search?q=hostile" }?.status == 200, "\(own.responses)")
            #expect(own.layout.textLength > 100)
        }
    }

    /// `icebox_reader_refused_requests_total{reason="cross-site"}` from `/metrics`.
    static func refusedCrossSite(_ served: Served) async throws -> Int {
        let metrics = try await served.get("/metrics").body
        let line = metrics.split(separator: "\n").first {
            $0.hasPrefix("icebox_reader_refused_requests_total{reason=\"cross-site\"}")
        }
        return line.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } } ?? 0
    }
}
