import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// "Media" that would run a script in a browser (an SVG, an HTML fragment) is kept under a neutral
/// extension chosen from its bytes, and the exported page and Markdown never show or link it.
@Suite(.serialized) struct ActiveMediaTests {
    @Test func anSVGOrHTMLAttachmentIsStoredAsBinAndNeverLinked() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        let id = try #require(
            await server.addStatus(
                username: "alice",
                mediaPaths: ["/media/active/svg/evil.svg", "/media/active/fragment/evil.html", "/media/ok/fine.png"],
                text: "Active media"))
        let cli = try await CLI.syncingHome(of: server)
        #expect(await !server.requestLog().to("/media/active/svg/evil.svg").isEmpty, "the file was fetched")

        let stored =
            FileManager.default.enumerator(atPath: cli.home.url.appending(path: "media").path)?
            .compactMap { $0 as? String }.filter { !$0.hasPrefix(".tmp") && $0.split(separator: "/").count == 3 } ?? []
        let extensions = stored.map { URL(fileURLWithPath: $0).pathExtension }
        #expect(extensions.filter { $0 == "bin" }.count == 2, "\(stored)")
        #expect(extensions.contains("png"))
        #expect(!extensions.contains { ["svg", "html", "htm", "xhtml", "xml"].contains($0) })

        let out = try TemporaryDirectory("icebox-active-media")
        let file = out.url.appending(path: "thread.tar")
        let exported = try await cli.run("export", "thread", "https://icebox.test/@alice/\(id)", "-o", file.path)
        #expect(exported.status == 0, "\(exported.stderr)")
        let unpacked = try TemporaryDirectory("icebox-active-media-x")
        #expect(
            try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/tar"), ["-xf", file.path, "-C", unpacked.path])
                .status == 0)
        let files = FileManager.default.enumerator(atPath: unpacked.path)?.compactMap { $0 as? String } ?? []
        #expect(
            !files.contains {
                ["svg", "html", "xml"].contains(URL(fileURLWithPath: $0).pathExtension) && !$0.hasSuffix("index.html")
            })
        let page = try #require(files.first { $0.hasSuffix("index.html") })
        let html = try String(contentsOf: unpacked.url.appending(path: page), encoding: .utf8)
        #expect(!html.contains(".bin"), "an unshowable file is neither an image source nor a link")
        #expect(html.components(separatedBy: "file not shown").count == 3)
        #expect(html.contains(".png\""))
        let markdownFile = try #require(files.first { $0.hasSuffix("thread.md") })
        let markdown = try String(contentsOf: unpacked.url.appending(path: markdownFile), encoding: .utf8)
        #expect(!markdown.contains(".bin") && markdown.contains("file not shown"))
    }
}
