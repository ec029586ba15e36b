import Archive
import Foundation
@testable import HistoryImport
import IceboxTestSupport
import Models
import Testing

/// Each bad file fails with a message naming the file and entry, and leaves the archive (already
/// holding an import) and its media folder exactly as they were.
@Suite("Bad Mastodon exports")
struct BadExportTests {
    private static let outbox = ImportFixture.exportFolder.appending(path: "outbox.json")

    private func expectRefused(_ make: (ImportFixture) throws -> URL, limits: MastodonExportImport.Limits = .init(),
                               status: Models.ExitStatus = .dataError, saying words: [String]) async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(ImportFixture.exportFolder)
        let before = try await fixture.snapshot()
        let file = try make(fixture)
        do {
            _ = try await fixture.run(file, limits: limits)
            Issue.record("\(file.lastPathComponent) was imported")
        } catch let error as ImportError {
            #expect(error.exitStatus == status)
            #expect(error.description.contains(file.path), "\(error)")
            for word in words { #expect(error.description.contains(word), "\(error)") }
        }
        #expect(try await fixture.snapshot() == before)
        #expect(try await fixture.archive.integrityCheck() == "ok")
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: fixture.media.temporary.path)) ?? []
        #expect(leftovers.isEmpty)
    }

    @Test func aZipThatIsNotAMastodonExport() async throws {
        try await expectRefused({ fixture in
            let file = fixture.folder.url.appending(path: "photos.zip")
            try ZipMaker.write([("readme.txt", Data("hello".utf8)), ("a.png", Data([0x89, 0x50]))], to: file)
            return file
        }, saying: ["is not a Mastodon export", "no outbox.json"])
    }

    @Test func aFileThatIsNoArchiveAtAll() async throws {
        try await expectRefused({ fixture in
            let file = fixture.folder.url.appending(path: "notes.zip")
            try Data("just some text, not a ZIP\n".utf8).write(to: file)
            return file
        }, saying: ["cannot read"])
    }

    @Test func aTruncatedZip() async throws {
        try await expectRefused({ fixture in
            let whole = try Data(contentsOf: try fixture.zip(named: "whole.zip"))
            let file = fixture.folder.url.appending(path: "cut.zip")
            try whole.prefix(whole.count * 2 / 3).write(to: file)
            return file
        }, saying: ["cannot read"])
    }

    @Test(arguments: ["../evil.png", "/etc/evil.png", "media_attachments/../../evil.png", "a\\..\\evil.png"])
    func anEntryWhosePathWouldEscape(name: String) async throws {
        try await expectRefused({ fixture in
            try fixture.zip(named: "escape.zip", adding: [(name, Data([0x89, 0x50, 0x4E, 0x47]))])
        }, saying: ["would be written outside its folder"])
    }

    @Test func aMediaEntryLargerThanTheLimit() async throws {
        var limits = MastodonExportImport.Limits()
        limits.mediaBytes = 1000
        try await expectRefused({ fixture in
            try fixture.zip(named: "huge.zip", adding: [("media_attachments/files/9/original/big.bin", Data(count: 5000))])
        }, limits: limits, saying: ["media_attachments/files/9/original/big.bin", "larger than the limit"])
    }

    @Test func malformedJSONInTheMiddleOfTheOutbox() async throws {
        // The first items are well-formed: none of them may stay archived.
        let text = try String(contentsOf: Self.outbox, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #"{"id":"https://social.example/users/alice/statuses/111000000000000005/activity","type":"Create""#,
                                              with: #"{"id":"https://social.example/users/alice/statuses/111000000000000005/activity" "type":"Create""#)
        #expect(broken != text)
        try await expectRefused({ fixture in
            try fixture.zip(named: "bad-outbox.zip", replacing: ["outbox.json": Data(broken.utf8)])
        }, saying: ["outbox.json", "item 5 is not a JSON object"])
    }

    @Test func anOutboxCutShort() async throws {
        let data = try Data(contentsOf: Self.outbox)
        try await expectRefused({ fixture in
            try fixture.zip(named: "short-outbox.zip", replacing: ["outbox.json": data.prefix(data.count / 2)])
        }, saying: ["outbox.json", "truncated"])
    }
}
