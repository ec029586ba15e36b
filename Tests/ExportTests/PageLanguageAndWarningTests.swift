import Foundation
import IceboxTestSupport
import Testing

/// The exported page as a reader meets it (issue 28): each post in its own language, and what is behind
/// a content warning folded until the reader opens it, with no script.
@Suite(.serialized) struct PageLanguageAndWarningTests {
    @Test func aWarnedPostIsFoldedAndEveryPostSaysItsLanguage() async throws {
        let fixture = try await ThreadFixture.make(statuses: 5)
        defer { Task { await fixture.stop() } }
        // A reply with a picture, given a content warning before the archive first sees it.
        let warned = try #require(
            await fixture.server.addStatus(
                username: "dave", mediaPaths: ["/media/thread/cw.png"],
                text: "A reply", inReplyTo: fixture.ids["root"]))
        #expect(
            await fixture.server.editStatus(id: warned, content: "A reply, behind a warning", spoilerText: "eye strain")
        )
        try await fixture.sync()
        let number = try await fixture.number("root")
        let out = try TemporaryDirectory("icebox-page-cw")
        let tarball = out.url.appending(path: "t.tar")
        _ = try await fixture.exporter.exportThread(around: number, to: .file(tarball))
        let unpacked = try await Tools.untar(tarball)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: unpacked.path).first)
        let page = try String(contentsOf: unpacked.url.appending(path: "\(folder)/index.html"), encoding: .utf8)
        let articles = page.components(separatedBy: "<article ").dropFirst()
        #expect(articles.count == 5)
        #expect(articles.allSatisfy { $0.prefix { $0 != ">" }.contains(" lang=\"") }, "every post says its language")
        let article = try #require(articles.first { $0.contains("eye strain") })
        let summary = try #require(
            article.range(of: "<details class=\"cw\"><summary><strong>Content warning:</strong> eye strain</summary>"))
        let text = try #require(article.range(of: "behind a warning"))
        let pictures = try #require(article.range(of: "<figure>"))
        let closed = try #require(article.range(of: "</details>"))
        #expect(summary.upperBound < text.lowerBound && text.upperBound < closed.lowerBound, "the text is folded")
        #expect(pictures.lowerBound < closed.lowerBound, "and so are the pictures")
        #expect(!page.contains("<script"), "folded without a script")
    }
}
