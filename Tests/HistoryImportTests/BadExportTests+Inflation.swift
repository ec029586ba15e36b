import Foundation
import Testing

@testable import HistoryImport

/// A small ZIP that inflates to a huge one is refused as it passes a bound, while it is read: nothing
/// of it is stored, and the archive and media folder stay as they were.
extension BadExportTests {
    /// The fixture export with a media file a post names replaced by `bytes` zeros (deflated to about
    /// a thousandth).
    private static func withZeros(_ fixture: ImportFixture, bytes: Int, named name: String) throws -> URL {
        let file = try fixture.zip(named: "bomb.zip", replacing: [name: Data(count: bytes)])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size < bytes / 100, "the ZIP is small")
        return file
    }

    @Test(arguments: [0, 2])
    func aMediaEntryThatInflatesAThousandTimesIsRefusedWhileItIsRead(walks: Int) async throws {
        let name = "media_attachments/files/111/000/001/original/5a1b2c3d4e5f6071.png"
        try await expectRefused(
            { try Self.withZeros($0, bytes: 64 << 20, named: name) }, mediaWalks: walks,
            saying: [name, "inflates", "refused"])
    }

    @Test func aTarballWhoseMediaInflateAThousandTimesIsRefused() async throws {
        let name = "media_attachments/files/111/000/001/original/5a1b2c3d4e5f6071.png"
        try await expectRefused(
            { fixture in
                let file = fixture.folder.url.appending(path: "bomb.tar.gz")
                try ZipMaker.write(
                    try ZipMaker.entries(of: ImportFixture.exportFolder, replacing: [name: Data(count: 64 << 20)]),
                    to: file, tarball: true)
                return file
            }, saying: [name, "inflates", "refused"])
    }

    @Test func anOutboxThatInflatesAThousandTimesIsRefused() async throws {
        try await expectRefused(
            { fixture in
                let file = try fixture.zip(
                    named: "bomb.zip", replacing: ["outbox.json": Data(repeating: 0x20, count: 64 << 20)])
                return file
            }, saying: ["outbox.json", "inflates"])
    }

    @Test func entriesDeclaringMoreThanTheTotalBoundAreRefusedBeforeTheyAreRead() async throws {
        var limits = MastodonExportImport.Limits()
        limits.totalBytes = 10_000
        try await expectRefused(
            { try $0.zip(named: "big.zip") }, limits: limits, saying: ["may inflate to", "refused"])
    }
}
