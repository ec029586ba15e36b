import Foundation
import IceboxTestSupport
import Testing

/// The reader's pages laid out by real headless Chromium, 360 px (a phone) and 1280 px wide: nothing
/// scrolls sideways and the posts' text keeps a readable column. Each page is fetched from a running
/// `icebox serve` and laid out from a file beside the harness that measures it (`HeadlessBrowser`),
/// with every host name resolving to nothing, so no request can leave the machine.
@Suite(.serialized) struct ServeBrowserTests {
    @Test(.enabled(if: HeadlessBrowser.shouldRun)) func pagesFitAPhoneAndADesktop() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let number = try #require(try await archive.hostileNumber())
        let folder = try TemporaryDirectory("icebox-serve-pages")
        try await archive.serving { served in
            let pages = [
                "home": "/", "stats": "/stats", "timeline": "/timelines/home", "thread": "/statuses/\(number)",
                "search": "/search?q=-is:reply", "tag": "/tags/hostile",
            ]
            for (name, path) in pages.sorted(by: { $0.key < $1.key }) {
                let body = try await served.get(path).body
                #expect(!body.lowercased().contains("<script"), "\(name): no script")
                let file = folder.url.appending(path: "\(name).html")
                try Data(body.utf8).write(to: file)
                for viewport in [360, 1280] {
                    let layout = try await HeadlessBrowser.layout(of: file, viewport: viewport)
                    #expect(layout.scrollWidth <= Double(viewport), "\(name) at \(viewport) px scrolls sideways")
                    #expect(layout.textLength > 100, "\(name) at \(viewport) px shows its text")
                    for column in layout.columns {
                        #expect(
                            column >= min(Double(viewport) * 0.6, 300),
                            "\(name) at \(viewport) px: a \(column) px column")
                    }
                }
            }
        }
    }
}
