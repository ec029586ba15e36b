import Foundation
import Testing
import WARC

@testable import HistoryImport

/// `import warc` under the bounds of the ZIP and tar imports (issue 42): media records that together
/// inflate past the total are refused as the bound is passed, and nothing of the import stays.
struct WARCImportBoundsTests {
    /// Bytes that do not compress: each media record inflates about as far as it is long.
    private static func noise(_ count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data(
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            })
    }

    @Test func mediaRecordsPastTheTotalAreRefusedAndNothingStays() async throws {
        let fixture = try ImportFixture()
        let writer = try WARCWriter(
            directory: fixture.folder.url, maxFileBytes: .max, naming: { _ in "media.warc.gz" },
            info: { _ in WARCRecord.make(.warcinfo, contentType: "application/warc-fields", block: Data()) })
        for number in 0..<4 {
            try writer.write([
                WARCRecord.make(
                    .resource, targetURI: "https://files.example/media/\(number).bin",
                    contentType: "application/octet-stream", block: Self.noise(600_000, seed: UInt64(number + 1)))
            ])
        }
        let file = try #require(try writer.close().first)
        let before = try await fixture.snapshot()
        var importer = WARCImport(file: file, media: fixture.media)
        importer.limits.totalBytes = 1 << 20
        do {
            _ = try await importer.run(into: fixture.archive)
            Issue.record("imported past the total")
        } catch {
            #expect(error.description.contains("inflates the file past"), "\(error)")
            #expect(error.description.contains(file.path), "\(error)")
        }
        #expect(try await fixture.snapshot() == before, "the archive and media folder are as they were")
    }
}
