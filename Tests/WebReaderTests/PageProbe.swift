import Foundation
import IceboxTestSupport

/// What headless Chromium saw one page of a running `icebox serve` do (`scripts/page-probe`, over the
/// DevTools protocol): every request, every script run with its SHA-256, CSP violations, and the layout.
struct PageProbe: Decodable, Sendable {
    struct Script: Decodable, Sendable {
        var url: String
        var sha256: String
    }

    struct Layout: Decodable, Sendable {
        var viewport: Double
        /// More than `viewport`: the page scrolls sideways.
        var scrollWidth: Double
        var textLength: Int
        /// The width of each post's text column (inside its padding), in page order.
        var columns: [Double]
        /// The text of each top heading.
        var headings: [String]
        /// The text of each element that hides part of its content (overflow hidden or clipped): text a
        /// reader cannot see, such as a handle cut to "@alice@127.0.0...".
        var clipped: [String]
    }

    struct Answer: Decodable, Sendable {
        var url: String
        var status: Int
    }

    var requests: [String]
    /// The status of each answer the page got (redirects too).
    var responses: [Answer]
    var scripts: [Script]
    var violations: [String]
    var console: [String]
    /// The page's Content-Security-Policy header.
    var csp: String?
    var layout: Layout

    /// The script hashes the page's CSP allows (`'sha256-…'` in `script-src`).
    var allowedScripts: Set<String> {
        let directive = (csp ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("script-src ") }
        return Set(
            (directive ?? "").split(separator: " ").compactMap { source in
                source.hasPrefix("'sha256-") ? String(source.dropFirst(8).dropLast()) : nil
            })
    }

    /// Loads `url` `width` pixels wide, after the pages `first` in the same browser (the address
    /// `icebox serve` printed, whose cookie the browser then keeps); `screenshot` saves the whole page as PNG.
    static func load(_ url: String, width: Int, first: [String] = [], screenshot: URL? = nil) async throws
        -> PageProbe
    {
        let result = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Repository.root.appending(path: "scripts/page-probe").path, url, "--width", "\(width)"]
                + first.flatMap { ["--first", $0] } + (screenshot.map { ["--screenshot", $0.path] } ?? []))
        guard result.status == 0 else { throw ServeProcess.Failed("page-probe \(url): \(result.stderr)") }
        return try JSONDecoder().decode(PageProbe.self, from: Data(result.stdout.utf8))
    }
}
