import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// The exported page laid out by a real browser (Debian's headless Chromium) on a phone and on a
/// desktop: long threads must read as a column of text, not a staircase or a sliver.
@Suite(.serialized) struct ReadablePageTests {
    static let widths = [360, 1280]

    /// Posts that are as hard on a layout as real ones: long words, long URLs, a few sentences.
    static func text(_ number: Int, by author: String) -> String {
        let long =
            number % 3 == 0
            ? " See https://example.org/archive/2026/11/a-very-long-path-segment-that-never-breaks-by-itself/\(number)?ref=thread"
            : (number % 3 == 1 ? " Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherung." : "")
        return "Post \(number) by \(author): a few sentences, as people write them when a thought runs on. "
            + "The layout must keep this readable on a small screen and on a wide one.\(long)"
    }

    @Test(
        .enabled(
            if: HeadlessBrowser.shouldRun, "Chromium is not installed (scripts/setup installs it; in CI it must be)"))
    func longThreadsAndPicturesReadWellOnAPhoneAndADesktop() async throws {
        let fixture = try await ThreadFixture.make(statuses: 5)
        defer { Task { await fixture.stop() } }
        let server = fixture.server
        // A 30-deep self-thread: alice replying to herself.
        var selfThread: [String] = []
        for number in 1...30 {
            selfThread.append(
                try #require(
                    await server.addStatus(
                        username: "alice", text: Self.text(number, by: "alice"),
                        inReplyTo: selfThread.last)))
        }
        // A 15-deep back-and-forth between bob and carol.
        var chain: [String] = []
        for number in 1...15 {
            let author = number % 2 == 1 ? "bob" : "carol"
            chain.append(
                try #require(
                    await server.addStatus(
                        username: author, text: Self.text(number, by: author),
                        inReplyTo: chain.last)))
        }
        // Pictures wider and taller than any screen, in a thread with a reply and a reply to that.
        let pictures = try #require(
            await server.addStatus(
                username: "dave", mediaPaths: ["/media/png/1600x900/wide.png", "/media/png/500x1600/tall.png"],
                description: "A wide picture and a tall one", text: Self.text(1, by: "dave")))
        let reply = try #require(
            await server.addStatus(
                username: "alice", mediaPaths: ["/media/png/1200x1200/square.png"],
                text: Self.text(2, by: "alice"), inReplyTo: pictures))
        _ = try #require(await server.addStatus(username: "dave", text: Self.text(3, by: "dave"), inReplyTo: reply))
        try await fixture.sync()

        let threads = [("self-thread", selfThread[0], 30), ("reply chain", chain[0], 15), ("pictures", pictures, 3)]
        for (name, rootID, count) in threads {
            let host = "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)"
            let number = try #require(try await fixture.archive.findStatus(server: host, localID: rootID))
            let out = try TemporaryDirectory("icebox-page")
            let tarball = out.url.appending(path: "t.tar")
            _ = try await fixture.exporter.exportThread(around: number, to: .file(tarball))
            let unpacked = try await Tools.untar(tarball)
            let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: unpacked.path).first)
            let page = unpacked.url.appending(path: folder).appending(path: "index.html")
            for width in Self.widths {
                let layout = try await HeadlessBrowser.layout(of: page, viewport: width)
                let viewport = Double(width)
                let label = "\(name) at \(width) px"
                #expect(layout.viewport == viewport, "the frame is \(width) px wide")
                #expect(layout.columns.count == count, "\(label): every post is shown")
                #expect(
                    layout.scrollWidth <= viewport,
                    "\(label): nothing scrolls sideways (page is \(layout.scrollWidth) px)")
                let narrowest = layout.columns.min() ?? 0
                #expect(narrowest >= viewport / 2, "\(label): the narrowest text column is \(narrowest) px")
                for picture in layout.pictures {
                    #expect(picture.left >= 0 && picture.right <= viewport, "\(label): a picture overflows: \(picture)")
                    let shown = picture.width / max(picture.height, 1)
                    let natural = picture.naturalWidth / max(picture.naturalHeight, 1)
                    #expect(
                        picture.naturalWidth > 0 && abs(shown / natural - 1) < 0.03,
                        "\(label): a picture keeps its shape: \(picture)")
                }
                if width == 360 {
                    // About 40 characters fit a phone's line of 24 px: the page (pictures aside) should be
                    // within a small factor of what its text needs, not a tower of one-word lines.
                    let textHeight = Double(layout.textLength) / 40 * 24
                    let height = layout.height - layout.pictureHeight
                    #expect(
                        height <= 3 * textHeight, "\(label): \(height) px of page for \(layout.textLength) characters")
                }
            }
            if name == "pictures" {
                let last = try await HeadlessBrowser.layout(of: page, viewport: 360)
                #expect(last.pictures.count == 3, "all three pictures are shown")
            }
        }
    }
}
