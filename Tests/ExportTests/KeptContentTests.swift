import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import Models
import Testing

@testable import Archive
@testable import Export

/// What the archive keeps of a post is shown in the page and the Markdown: its structure, its edit
/// history, who boosted it, its poll's results and its card.
@Suite(.serialized) struct KeptContentTests {
    static let finalHTML = """
        <p>Root, final <strong>version</strong></p><ol start="4"><li>four</li><li>five</li></ol>\
        <blockquote><p>said before</p></blockquote><pre>code()\n  kept &lt;here&gt;</pre>
        """

    @Test func editsBoostsAndStructureFromARealArchive() async throws {
        let fixture = try await ThreadFixture.make()
        defer { Task { await fixture.stop() } }
        let server = fixture.server
        let rootID = try #require(fixture.ids["root"])
        #expect(await server.editStatus(id: rootID, content: "<p>Root, first edit</p><ul><li>a point</li></ul>"))
        #expect(await server.editStatus(id: rootID, content: Self.finalHTML))
        #expect(await server.addBoost(of: rootID, username: "bob") != nil)
        #expect(await server.addBoost(of: rootID, username: "carol") != nil)
        let credentials = try CredentialStore(file: fixture.iceboxHome.credentials, logger: Logger(label: "t")).load()
        let root = try await fixture.number("root")
        _ = try await ThreadFetcher(
            archive: fixture.archive, credentials: credentials, timeout: 10, logger: Logger(label: "t")
        )
        .complete(around: root)
        try await fixture.sync()  // brings the boosts, and the edit history the thread's refresh asked for
        #expect(
            try await fixture.archive.boosts(of: root).map(\.handle).map { $0.split(separator: "@").first } == [
                "bob", "carol",
            ])

        let out = try TemporaryDirectory("icebox-export-out")
        let tarball = out.url.appending(path: "t.tar")
        _ = try await fixture.exporter.exportThread(around: root, to: .file(tarball))
        let (html, markdown, _) = try await PrivacyExportTests.documents(tarball)
        let host = "icebox.test"  // the test server's accounts are user@icebox.test

        #expect(html.contains("<p class=\"boosted\">boosted by @bob@\(host), @carol@\(host)</p>"))
        #expect(
            html.contains(
                "<p>Root, final version</p><ol start=\"4\"><li><p>four</p></li><li><p>five</p></li></ol>"
                    + "<blockquote><p>said before</p></blockquote><pre><code>code()\n  kept &lt;here&gt;</code></pre>"),
            "the structure, through the allow-list (no <strong>)")
        #expect(!html.contains("<strong>version"))
        let history = try #require(
            html.firstRange(of: "<details class=\"history\"><summary>edited 2 times</summary>")
                .map { String(html[$0.lowerBound...].prefix(3000)) })
        #expect(history.contains("<p>Root, first edit</p><ul><li><p>a point</p></li></ul>"))
        #expect(history.contains("<p>Root of the thread</p>"), "the original text is kept too")

        #expect(markdown.contains("*Boosted by @bob@\(host), @carol@\(host)*"))
        #expect(
            markdown.contains(
                "Root, final version\n\n4. four\n5. five\n\n> said before\n\n```\ncode()\n  kept <here>\n```"),
            "the Markdown mirrors the structure (code verbatim inside its fence)")
        #expect(markdown.contains("<details><summary>edited 2 times</summary>") && markdown.contains("- a point"))
    }

    /// A document of one archived fixture status, rendered as the exporter would.
    static func document(_ fixture: String, editHistory: String? = nil) throws -> ExportDocument {
        let raw = try Data(contentsOf: Repository.fixtures.appending(path: fixture))
        let history: [Data] =
            try editHistory.map { name in
                let list =
                    try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.fixtures.appending(path: name)))
                    as? [Any]
                return try (list ?? []).map { try JSONSerialization.data(withJSONObject: $0) }
            } ?? []
        let status = try JSONDecoder().decode(Status.self, from: raw).post
        let record = ExportRecord(
            number: 1, uri: status.uri, raw: raw, server: "mastodon.social", localID: status.id,
            createdAt: MastodonDate.format(status.createdAt), editedAt: nil, goneAt: nil,
            earlierVersions: [], editHistory: history, attachments: [], avatar: nil)
        return ExportDocument(
            kind: .set(kind: "search", title: "t"), folder: "search-x",
            items: [ExportDocument.Item(record: record, status: status, depth: 0, parent: nil)])
    }

    @Test func pollResultsCardsAndServedEditHistoriesOfRealStatuses() throws {
        let poll = try Self.document("status_with_poll_remote.mastodon-social.json")
        let pollHTML = String(decoding: poll.html(version: "t"), as: UTF8.self)
        #expect(pollHTML.contains("<li>fr fr <span>17 votes (27%)</span></li>"))
        #expect(pollHTML.contains("64 votes by 47 people, final results"))
        #expect(
            String(decoding: poll.markdown(version: "t"), as: UTF8.self).contains(
                "- poll option: :hecker: (25 votes (39%))"))

        let card = try Self.document("status_with_card.mastodon-social.json")
        let cardHTML = String(decoding: card.html(version: "t"), as: UTF8.self)
        #expect(
            cardHTML.contains(
                "<aside class=\"card\"><p class=\"card-title\"><a href=\"https://soundcloud.com/wakarangirl/"))
        #expect(cardHTML.contains("<p class=\"card-site\">SoundCloud</p>"))

        var edited = try Self.document(
            "status_edited_gifv_mention_hashtag_emoji_cw.mastodon-social.json",
            editHistory: "status_edit_history.mastodon-social.json")
        let heart = ExportRecord.StoredFile(
            sha256: String(repeating: "ab", count: 32), ext: "png", mime: "image/png", size: 9)
        edited.items[0].record.emoji = ["trans_heart": heart, "other": heart]
        let editedHTML = String(decoding: edited.html(version: "t"), as: UTF8.self)
        #expect(editedHTML.contains("<summary>edited 1 time</summary>"))
        // A custom emoji the media archive kept is shown from the export's media/, everywhere it is used.
        #expect(
            editedHTML.contains(
                "maximum amount of fields filled <img class=\"emoji\" src=\"media/\(heart.sha256).png\" "
                    + "alt=\":trans_heart:\" title=\":trans_heart:\">"))
        #expect(edited.mediaFiles["media/\(heart.sha256).png"] != nil, "and the tarball carries its file")
    }

    @Test func customEmojiKeptByTheMediaArchiveAreShownFromTheTarball() async throws {
        let fixture = try await ThreadFixture.make(statuses: 150)
        defer { Task { await fixture.stop() } }
        try await fixture.sync(avatars: true)
        var withEmoji: Int64?
        for uri in try await fixture.archive.allStatusURIs() {
            guard let raw = try await fixture.archive.rawJSON(uri: uri),
                let status = try JSONSerialization.jsonObject(with: raw) as? [String: Any], status["reblog"] is NSNull,
                (status["emojis"] as? [Any])?.isEmpty == false
            else { continue }
            withEmoji = try await fixture.archive.findStatus(uri)
            break
        }
        let number = try #require(withEmoji, "the corpus has posts with custom emoji")
        let out = try TemporaryDirectory("icebox-export-out")
        let tarball = out.url.appending(path: "t.tar")
        _ = try await fixture.exporter.exportStatuses([number], name: "emoji", to: .file(tarball))
        let unpacked = try await Tools.untar(tarball)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: unpacked.path).first)
        let html = try String(contentsOf: unpacked.url.appending(path: "\(folder)/index.html"), encoding: .utf8)
        let source = try #require(
            html.firstMatch(of: #/<img class="emoji" src="(media/[0-9a-f]{64}\.png)" alt=":(blobcat|ablobwave):"/#)
                .map { String($0.1) }, "the emoji is a picture")
        #expect(
            FileManager.default.fileExists(atPath: unpacked.url.appending(path: "\(folder)/\(source)").path),
            "its file is in the tarball")
    }
}
