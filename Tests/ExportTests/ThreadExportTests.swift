import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonAPI
import MediaArchive
import MediaFiles
import Models
import Testing
import Transport

@testable import Export

/// A thread exported from a real synced archive, read back with `tar` and with libarchive.
@Suite(.serialized) struct ThreadExportTests {
    @Test func threadTarballHoldsTheTreeTheMediaAndAManifestThatMatches() async throws {
        let fixture = try await ThreadFixture.make()
        defer { Task { await fixture.stop() } }
        let out = try TemporaryDirectory("icebox-export-out")
        let tarball = out.url.appending(path: "thread.tar.gz")
        // Asked about the deepest reply, the export still starts at the root.
        let summary = try await fixture.exporter.exportThread(
            around: try await fixture.number("carol"), to: .file(tarball))
        #expect(summary.statuses == 4 && summary.format == .tarGz)
        #expect(summary.mediaFiles >= 4, "4 images plus their previews")

        // Read back with tar: the listing is sorted, owned by 0/0, every entry under one folder.
        let listing = try await Tools.run("tar", ["--numeric-owner", "-tvzf", tarball.path])
        #expect(listing.status == 0)
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        let names = lines.compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init) }
        let folder = try #require(names.first)
        #expect(folder.hasPrefix("thread-") && folder.hasSuffix("/"))
        #expect(names == names.sorted(), "entries are sorted")
        #expect(lines.allSatisfy { $0.contains(" 0/0 ") }, "uid/gid 0, no names")
        for name in ["index.html", "manifest.json", "thread.json", "thread.md", "media/"] {
            #expect(names.contains(folder + name), "\(name)")
        }
        let safeName =
            #/thread-[A-Za-z0-9_-]+/((index\.html|manifest\.json|thread\.json|thread\.md|media/([0-9a-f]{64}\.[a-z0-9]{1,8})?))?/#
        #expect(
            names.allSatisfy { $0.wholeMatch(of: safeName) != nil }, "names come from ids and hashes only: \(names)")

        let unpacked = try await Tools.untar(tarball)
        let root = unpacked.url.appending(path: folder)

        // The manifest lists every other file with its real size and SHA-256.
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appending(path: "manifest.json")))
            as? [String: Any]
        let files = try #require(manifest?["files"] as? [[String: Any]])
        let unpackedFiles = names.filter { !$0.hasSuffix("/") && !$0.hasSuffix("manifest.json") }.map {
            String($0.dropFirst(folder.count))
        }
        #expect(Set(files.compactMap { $0["path"] as? String }) == Set(unpackedFiles))
        for file in files {
            let path = try #require(file["path"] as? String)
            let (digest, size) = try SHA256.hex(fileAt: root.appending(path: path))
            #expect(file["sha256"] as? String == digest, "\(path)")
            #expect((file["size"] as? NSNumber)?.int64Value == size, "\(path)")
            if path.hasPrefix("media/") { #expect(path.hasPrefix("media/\(digest).")) }
        }
        #expect(manifest?["icebox_version"] as? String == "test")

        // The tree: root → bob → carol, root → dave, in conversation order, each status byte-for-byte.
        let threadData = try Data(contentsOf: root.appending(path: "thread.json"))
        let thread = try #require(try JSONSerialization.jsonObject(with: threadData) as? [String: Any])
        let tree = try #require(thread["thread"] as? [String: Any])
        func id(_ node: [String: Any]) -> String? { (node["status"] as? [String: Any])?["id"] as? String }
        func replies(_ node: [String: Any]) -> [[String: Any]] { node["replies"] as? [[String: Any]] ?? [] }
        #expect(id(tree) == fixture.ids["root"])
        #expect(replies(tree).map(id) == [fixture.ids["bob"], fixture.ids["dave"]])
        #expect(replies(tree).first.map { replies($0).map(id) } == [fixture.ids["carol"]])
        #expect(replies(tree).first.flatMap { replies($0).first }?["depth"] as? Int == 2)
        for name in ["root", "bob", "carol", "dave"] {
            let archived = try await fixture.archive.status(number: try await fixture.number(name))
            #expect(threadData.range(of: archived.raw) != nil, "\(name)'s JSON is embedded exactly as archived")
        }
        #expect(thread["root_is_reply"] as? Bool == false)
        #expect(
            thread["focus"] as? String
                == (try await fixture.archive.status(number: try await fixture.number("carol"))).uri)

        // The page shows every status, indented by depth, with its images from the tarball's media/.
        let html = try String(contentsOf: root.appending(path: "index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<article ").count - 1 == 4)
        #expect(html.contains("class=\"status l2"), "carol is two levels in")
        #expect(html.contains("replying to @alice@"), "dave's reply, below carol's, says whom it answers")
        let sources = html.matches(of: #/ (?:src|poster)="([^"]*)"/#).map { String($0.1) }
        #expect(sources.count >= 4 && sources.allSatisfy { $0.hasPrefix("media/") }, "nothing is loaded from elsewhere")
        for source in sources {
            #expect(FileManager.default.fileExists(atPath: root.appending(path: source).path), "\(source)")
        }
        #expect(html.contains("A red square &amp; a blue one"))

        let markdown = try String(contentsOf: root.appending(path: "thread.md"), encoding: .utf8)
        #expect(markdown.contains("> > ") && markdown.contains("First reply, from Bob"))
        #expect(markdown.contains("](media/"), "images link into the tarball")

        // The same tarball read with libarchive.
        let entries = try LibarchiveReader.entries(of: tarball)
        #expect(entries.map(\.name) == names)
        #expect(entries.first { $0.name == folder + "thread.json" }?.data == threadData)
    }

    @Test func hostileTextCannotInjectOrEscape() async throws {
        let fixture = try await ThreadFixture.make()
        defer { Task { await fixture.stop() } }
        let out = try TemporaryDirectory("icebox-export-out")
        let tarball = out.url.appending(path: "thread.tar")
        _ = try await fixture.exporter.exportThread(around: try await fixture.number("root"), to: .file(tarball))
        let unpacked = try await Tools.untar(tarball)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: unpacked.path).first)
        let root = unpacked.url.appending(path: folder)
        let html = try String(contentsOf: root.appending(path: "index.html"), encoding: .utf8)
        #expect(!html.lowercased().contains("<script"), "no script element, from a server or our own")
        #expect(!html.contains("<img src=x"), "no element injected through alt text")
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(
            html.contains("alt=\"&quot;&gt;&lt;img src=x onerror=alert(3)&gt;"),
            "the alt text stays inside its attribute")
        #expect(!html.contains("javascript:alert(2)\""), "no javascript: link")
        let markdown = try String(contentsOf: root.appending(path: "thread.md"), encoding: .utf8)
        #expect(!markdown.contains("</script>") && markdown.contains("\\</script\\>"))
        #expect(!markdown.contains("[click](javascript"), "a link cannot be forged")
        #expect(!markdown.contains("<b>") && markdown.contains("\\<b\\>"))
        // Nothing was written outside the folder, whatever the alt text says.
        let everything = try FileManager.default.subpathsOfDirectory(atPath: unpacked.path)
        #expect(everything.allSatisfy { $0.hasPrefix(folder) }, "\(everything)")
    }

    @Test func twoExportsAreByteIdenticalInEveryFormat() async throws {
        let fixture = try await ThreadFixture.make()
        defer { Task { await fixture.stop() } }
        let out = try TemporaryDirectory("icebox-export-out")
        let number = try await fixture.number("bob")
        for format in TarballFormat.allCases {
            let first = out.url.appending(path: "a.\(format.rawValue)")
            let second = out.url.appending(path: "b.\(format.rawValue)")
            _ = try await fixture.exporter.exportThread(around: number, to: .file(first))
            try await Task.sleep(for: .milliseconds(1100))  // a clock in the output would now differ
            _ = try await fixture.exporter.exportThread(around: number, to: .file(second))
            let bytes = try Data(contentsOf: first)
            #expect(bytes == (try Data(contentsOf: second)), "\(format)")
            // Each format is what its name says, and tar reads it.
            let magic: [UInt8] =
                switch format {
                case .tarGz: [0x1F, 0x8B]
                case .tarZst: [0x28, 0xB5, 0x2F, 0xFD]
                case .tar: Array("thread-".utf8)
                case .zip: [0x50, 0x4B, 0x03, 0x04]
                }
            #expect(Array(bytes.prefix(magic.count)) == magic, "\(format)")
            if format == .zip {
                let listing = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/unzip"), ["-Z1", first.path])
                #expect(listing.stdout.split(separator: "\n").contains { $0.hasSuffix("thread.json") })
            } else {
                let unpacked = try await Tools.untar(first)
                #expect(
                    try FileManager.default.subpathsOfDirectory(atPath: unpacked.path).contains {
                        $0.hasSuffix("thread.json")
                    })
            }
        }
    }

    @Test func aThreadWhoseStartIsNotArchivedSaysSo() async throws {
        // Only carol's reply is archived, read alone from the server: its parents are not.
        let fixture = try await ThreadFixture.make(home: false)
        defer { Task { await fixture.stop() } }
        let client = MastodonClient(
            server: try ServerAddress(fixture.server.baseURL.absoluteString), token: nil,
            logger: Logger(label: "t"))
        let response = try await client.sendExpectingJSON(Statuses.status(id: try #require(fixture.ids["carol"])))
        let host = "\(fixture.server.baseURL.host ?? ""):\(fixture.server.baseURL.port ?? 0)"
        _ = try await fixture.archive.store([try ArchivableStatus(decoding: response.body)], server: host)
        let out = try TemporaryDirectory("icebox-export-out")
        let tarball = out.url.appending(path: "t.tar")
        let summary = try await fixture.exporter.exportThread(
            around: try await fixture.number("carol"), to: .file(tarball))
        #expect(summary.statuses == 1)
        let entries = try LibarchiveReader.entries(of: tarball)
        let json = try #require(entries.first { $0.name.hasSuffix("/thread.json") }?.data)
        #expect((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["root_is_reply"] as? Bool == true)
        let html = String(
            decoding: try #require(entries.first { $0.name.hasSuffix("/index.html") }?.data), as: UTF8.self)
        #expect(html.contains("The conversation starts earlier"))
    }
}
