import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import Testing

@testable import HistoryImport

/// Each bad file fails with a message naming the file and entry, and leaves the archive (already
/// holding an import) and its media folder exactly as they were.
@Suite("Bad Mastodon exports")
struct BadExportTests {
    private static let outbox = ImportFixture.exportFolder.appending(path: "outbox.json")

    func expectRefused(
        _ make: (ImportFixture) throws -> URL, limits: MastodonExportImport.Limits = .init(),
        mediaWalks: Int? = nil, status: Models.ExitStatus = .dataError,
        saying words: [String]
    ) async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(ImportFixture.exportFolder)
        let before = try await fixture.snapshot()
        let file = try make(fixture)
        do {
            _ = try await fixture.run(file, limits: limits, mediaWalks: mediaWalks)
            Issue.record("\(file.lastPathComponent) was imported")
        } catch let error as ImportError {
            #expect(error.exitStatus == status)
            #expect(error.description.contains(file.path), "\(error)")
            for word in words { #expect(error.description.contains(word), "\(error)") }
        }
        let after = try await fixture.snapshot()
        #expect(after == before, "changed: \(Set(after).symmetricDifference(before).sorted())")
        #expect(try await fixture.archive.integrityCheck() == "ok")
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: fixture.media.temporary.path)) ?? []
        #expect(leftovers.isEmpty)
    }

    @Test func aZipThatIsNotAMastodonExport() async throws {
        try await expectRefused(
            { fixture in
                let file = fixture.folder.url.appending(path: "photos.zip")
                try ZipMaker.write([("readme.txt", Data("hello".utf8)), ("a.png", Data([0x89, 0x50]))], to: file)
                return file
            }, saying: ["is not a Mastodon export", "no outbox.json"])
    }

    @Test func aFileThatIsNoArchiveAtAll() async throws {
        try await expectRefused(
            { fixture in
                let file = fixture.folder.url.appending(path: "notes.zip")
                try Data("just some text, not a ZIP\n".utf8).write(to: file)
                return file
            }, saying: ["cannot read"])
    }

    @Test func aTruncatedZip() async throws {
        try await expectRefused(
            { fixture in
                let whole = try Data(contentsOf: try fixture.zip(named: "whole.zip"))
                let file = fixture.folder.url.appending(path: "cut.zip")
                try whole.prefix(whole.count * 2 / 3).write(to: file)
                return file
            }, saying: ["cannot read"])
    }

    @Test(arguments: ["../evil.png", "/etc/evil.png", "media_attachments/../../evil.png", "a\\..\\evil.png"])
    func anEntryWhosePathWouldEscape(name: String) async throws {
        try await expectRefused(
            { fixture in
                try fixture.zip(named: "escape.zip", adding: [(name, Data([0x89, 0x50, 0x4E, 0x47]))])
            }, saying: ["would be written outside its folder"])
    }

    @Test func aMediaEntryLargerThanTheLimit() async throws {
        var limits = MastodonExportImport.Limits()
        limits.mediaBytes = 1000
        try await expectRefused(
            { fixture in
                try fixture.zip(
                    named: "huge.zip", adding: [("media_attachments/files/9/original/big.bin", Data(count: 5000))])
            }, limits: limits, saying: ["media_attachments/files/9/original/big.bin", "larger than the limit"])
    }

    @Test func malformedJSONInTheMiddleOfTheOutbox() async throws {
        // The first items are well-formed: none of them may stay archived.
        let text = try String(contentsOf: Self.outbox, encoding: .utf8)
        let broken = text.replacingOccurrences(
            of: #"{"id":"https://social.example/users/alice/statuses/111000000000000005/activity","type":"Create""#,
            with: #"{"id":"https://social.example/users/alice/statuses/111000000000000005/activity" "type":"Create""#)
        #expect(broken != text)
        try await expectRefused(
            { fixture in
                try fixture.zip(named: "bad-outbox.zip", replacing: ["outbox.json": Data(broken.utf8)])
            }, saying: ["outbox.json", "item 5 is not a JSON object"])
    }

    /// With the media stored in turn with the statuses (0 walks), by one walk beside them, and by three.
    @Test(arguments: [0, 1, 3])
    func malformedJSONInTheOutboxAfterNewMediaLeavesNoneOfTheMedia(walks: Int) async throws {
        // The media files come first in the ZIP and are stored beside the outbox's statuses: those it
        // stored before the outbox failed are removed again, however far it got.
        let text = try String(contentsOf: Self.outbox, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""type":"Create""#, with: #""type" "Create""#)
        let media = (0..<60).map { index in
            (
                "media_attachments/files/200/000/\(index)/original/new.png",
                Data([0x89, 0x50, 0x4E, 0x47])
                    + Data((0..<(64 << 10)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7 &+ index) })
            )
        }
        try await expectRefused(
            { fixture in
                // The new media files first, as Mastodon writes them: stored before the outbox is reached.
                let file = fixture.folder.url.appending(path: "new-media-bad-outbox.zip")
                try ZipMaker.write(
                    media
                        + ZipMaker.entries(
                            of: ImportFixture.exportFolder, replacing: ["outbox.json": Data(broken.utf8)]),
                    to: file)
                return file
            }, mediaWalks: walks, saying: ["outbox.json", "item 1 is not a JSON object"])
    }

    @Test(arguments: [0, 1, 3])
    func aMediaFolderThatCannotBeWrittenStopsTheImportWholeAndSaysWhere(walks: Int) async throws {
        try await expectRefused(
            { fixture in
                // The media archive's temporary folder, where each file is written before it is named by
                // its hash, is a link: the media files cannot be stored, so none of the statuses are either.
                try? FileManager.default.removeItem(at: fixture.media.temporary)
                try FileManager.default.createSymbolicLink(
                    atPath: fixture.media.temporary.path,
                    withDestinationPath: fixture.folder.url.appending(path: "elsewhere").path)
                return try fixture.zip(
                    named: "more-media.zip",
                    adding: [
                        (
                            "media_attachments/files/300/original/a.png",
                            Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
                        )
                    ])
            }, mediaWalks: walks, status: .ioError, saying: ["media_attachments/files/", "symbolic link"])
    }

    @Test func anOutboxCutShort() async throws {
        let data = try Data(contentsOf: Self.outbox)
        try await expectRefused(
            { fixture in
                try fixture.zip(named: "short-outbox.zip", replacing: ["outbox.json": data.prefix(data.count / 2)])
            }, saying: ["outbox.json", "truncated"])
    }
}
