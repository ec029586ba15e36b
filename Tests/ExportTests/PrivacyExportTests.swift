import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonTestServer
import Testing

@testable import Export

/// Posts not meant for everyone are marked wherever an export could carry them, and `publicOnly`
/// leaves them out, saying only that some were.
@Suite(.serialized) struct PrivacyExportTests {
    /// The fixture's thread plus a direct message from bob to alice, alice's unlisted answer to it, and
    /// a followers-only reply from carol, all fetched into the archive.
    static func privateThread() async throws -> (ThreadFixture, Int64) {
        let fixture = try await ThreadFixture.make()
        let server = fixture.server
        let root = try #require(fixture.ids["root"])
        let direct = try #require(
            await server.addStatus(
                username: "bob", text: "A direct word for Alice", inReplyTo: root,
                visibility: "direct"))
        _ = try #require(
            await server.addStatus(
                username: "alice", text: "Answer to the direct word", inReplyTo: direct,
                visibility: "unlisted"))
        _ = try #require(
            await server.addStatus(
                username: "carol", text: "Only for my followers", inReplyTo: root,
                visibility: "private"))
        try await fixture.sync()
        let credentials = try CredentialStore(file: fixture.iceboxHome.credentials, logger: Logger(label: "t")).load()
        _ = try await ThreadFetcher(
            archive: fixture.archive, credentials: credentials, timeout: 10, logger: Logger(label: "t")
        )
        .complete(around: try await fixture.number("root"))
        return (fixture, try await fixture.number("root"))
    }

    /// `index.html`, `thread.md` and the parsed `thread.json` of a tarball, read back with `tar`.
    static func documents(_ tarball: URL) async throws -> (html: String, markdown: String, json: [String: Any]) {
        let unpacked = try await Tools.untar(tarball)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: unpacked.path).first)
        let root = unpacked.url.appending(path: folder)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appending(path: "thread.json")))
        return (
            try String(contentsOf: root.appending(path: "index.html"), encoding: .utf8),
            try String(contentsOf: root.appending(path: "thread.md"), encoding: .utf8),
            try #require(json as? [String: Any])
        )
    }

    /// Every status node of a `thread.json`, depth first.
    static func nodes(_ json: [String: Any]) -> [[String: Any]] {
        func walk(_ node: [String: Any]) -> [[String: Any]] {
            [node] + (node["replies"] as? [[String: Any]] ?? []).flatMap(walk)
        }
        let roots =
            [json["thread"] as? [String: Any]].compactMap { $0 } + (json["detached"] as? [[String: Any]] ?? [])
            + (json["statuses"] as? [[String: Any]] ?? [])
        return roots.flatMap(walk)
    }

    static func text(of node: [String: Any]) -> String {
        (node["status"] as? [String: Any])?["content"] as? String ?? ""
    }

    @Test func directAndFollowersOnlyPostsAreMarkedInEveryFormat() async throws {
        let (fixture, root) = try await Self.privateThread()
        defer { Task { await fixture.stop() } }
        let out = try TemporaryDirectory("icebox-export-out")
        let tarball = out.url.appending(path: "thread.tar.gz")
        let summary = try await fixture.exporter.exportThread(around: root, to: .file(tarball))
        #expect(summary.statuses == 7 && summary.direct == 1 && summary.followersOnly == 1 && summary.leftOut == 0)
        let warning = try #require(summary.privacyWarning)
        #expect(warning.contains("1 direct message") && warning.contains("1 followers-only post"))

        let (html, markdown, json) = try await Self.documents(tarball)
        #expect(html.contains("<span class=\"visibility direct\">direct message</span>"))
        #expect(html.contains("<span class=\"visibility private\">followers only</span>"))
        #expect(html.contains("<span class=\"visibility unlisted\">unlisted</span>"))
        #expect(html.components(separatedBy: "class=\"visibility ").count - 1 == 3, "public posts carry no mark")
        #expect(
            markdown.contains("· **direct message**") && markdown.contains("· **followers only**")
                && markdown.contains("· **unlisted**"))
        let visibilities = Self.nodes(json).map { ($0["visibility"] as? String ?? "?", Self.text(of: $0)) }
        #expect(visibilities.count == 7)
        #expect(visibilities.contains { $0.0 == "direct" && $0.1.contains("A direct word") })
        #expect(visibilities.contains { $0.0 == "private" && $0.1.contains("Only for my followers") })
        #expect(visibilities.filter { $0.0 == "public" }.count == 4)

        // A set holding them (search results, a timeline) is marked the same way.
        let numbers = try await fixture.archive.thread(around: root).numbers
        let set = out.url.appending(path: "set.tar")
        let setSummary = try await fixture.exporter.exportStatuses(numbers, name: "Everything", to: .file(set))
        #expect(setSummary.direct == 1 && setSummary.followersOnly == 1)
        let setDocuments = try await Self.documents(set)
        #expect(
            setDocuments.html.contains(">direct message</span>") && setDocuments.markdown.contains("**followers only**")
        )
    }

    @Test func publicOnlyLeavesThemOutAndSaysSomeWere() async throws {
        let (fixture, root) = try await Self.privateThread()
        defer { Task { await fixture.stop() } }
        let out = try TemporaryDirectory("icebox-export-out")
        let tarball = out.url.appending(path: "thread.tar.zst")
        let summary = try await fixture.exporter.exportThread(around: root, to: .file(tarball), publicOnly: true)
        #expect(summary.statuses == 5 && summary.leftOut == 2 && summary.direct == 0 && summary.followersOnly == 0)
        #expect(summary.privacyWarning == nil && summary.sentence.contains("2 non-public posts left out"))

        let (html, markdown, json) = try await Self.documents(tarball)
        for document in [html, markdown, String(describing: json)] {
            #expect(!document.contains("A direct word") && !document.contains("Only for my followers"))
        }
        #expect(html.contains("Some posts of this thread were left out: they were not public."))
        #expect(markdown.contains("Some posts of this thread were left out: they were not public."))
        #expect(json["left_out"] as? Int == 2)
        #expect(!html.contains("direct message") && !html.contains("followers only"))
        // Alice's unlisted answer to the direct message stays, now under the nearest post kept: the root.
        let nodes = Self.nodes(json)
        #expect(nodes.count == 5 && json["detached"] == nil)
        let answer = try #require((json["thread"] as? [String: Any])?["replies"] as? [[String: Any]])
            .first { Self.text(of: $0).contains("Answer to the direct word") }
        #expect(answer?["depth"] as? Int == 1 && answer?["visibility"] as? String == "unlisted")
    }
}
