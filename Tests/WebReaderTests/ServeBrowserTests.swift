import Foundation
import IceboxTestSupport
import Testing

/// The reader's pages loaded from a running `icebox serve` by real headless Chromium, 360 px (a phone)
/// and 1280 px wide, the post carrying the export's attack cases among them (`scripts/page-probe`
/// watches the page over the DevTools protocol): no request leaves the server's origin, no script runs
/// but one the CSP allows by hash, no CSP violation, nothing scrolls sideways and the posts' text keeps
/// a readable column. `ICEBOX_SCREENSHOTS=<folder>` keeps a PNG of each page at each width there.
/// Served with `--count-limit 3`, so that a search shows both its totals: "more than 3 posts" with its
/// link, and the exact count asked for (`count=all`).
@Suite(.serialized) struct ServeBrowserTests {
    @Test(.enabled(if: HeadlessBrowser.shouldRun)) func pagesStayOnTheServerAndFitAPhoneAndADesktop() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let number = try #require(try await archive.hostileNumber())
        let author = try #require(try await archive.archive.posts(numbered: [number]).first?.acct)
        let screenshots = ProcessInfo.processInfo.environment["ICEBOX_SCREENSHOTS"].map {
            URL(fileURLWithPath: $0)
        }
        try await archive.serving(["--count-limit", "3"]) { served in
            let origin = "http://\(served.authority)/"
            // The owner opens the printed address first: the browser keeps its cookie.
            let printed = try #require(served.token.map { origin + "?token=" + $0 }, "serve printed its token")
            let pages = [
                "home": "/", "stats": "/stats", "timeline": "/timelines/home", "thread": "/statuses/\(number)",
                "search": "/search?q=-is:reply", "search-counted": "/search?q=-is:reply&count=all",
                "tag": "/tags/hostile", "account": "/accounts/\(author)",
            ]
            for (name, path) in pages.sorted(by: { $0.key < $1.key }) {
                let body = try await served.get(path).body
                #expect(!body.lowercased().contains("<script"), "\(name): no script")
                for viewport in [360, 1280] {
                    let probe = try await PageProbe.load(
                        origin + path.dropFirst(), width: viewport, first: [printed],
                        screenshot: screenshots?.appending(path: "\(name)-\(viewport).png"))
                    let page = "\(name) at \(viewport) px"
                    #expect(probe.requests.contains(origin + path.dropFirst()), "\(page): \(probe.requests)")
                    for request in probe.requests {
                        #expect(request.hasPrefix(origin), "\(page) asked for \(request)")
                    }
                    for script in probe.scripts {
                        #expect(probe.allowedScripts.contains(script.sha256), "\(page) ran a script: \(script)")
                    }
                    #expect(probe.violations.isEmpty, "\(page): \(probe.violations)")
                    let layout = probe.layout
                    #expect(layout.viewport == Double(viewport))
                    #expect(layout.scrollWidth <= Double(viewport), "\(page) scrolls sideways")
                    #expect(layout.textLength > 100, "\(page) shows its text")
                    #expect(layout.clipped.isEmpty, "\(page) cuts text short: \(layout.clipped)")
                    if name == "timeline" {
                        #expect(layout.headings == ["Home timeline"], "\(page): \(layout.headings)")
                    }
                    for column in layout.columns {
                        #expect(column >= min(Double(viewport) * 0.6, 300), "\(page): a \(column) px column")
                    }
                }
            }
        }
    }
}
