import ArchiveCore
import Foundation
import IceboxTestSupport
import Testing

@testable import Export

/// A failed export leaves nothing behind: no half tarball, no temporary file, an older file untouched.
struct AtomicWriteTests {
    @Test func aFailureMidwayLeavesTheDestinationAsItWas() throws {
        let folder = try TemporaryDirectory("icebox-atomic")
        let destination = folder.url.appending(path: "thread.tar.gz")
        try Data("an earlier export".utf8).write(to: destination)
        let media = folder.url.appending(path: "source.png")
        try Data(repeating: 7, count: 3 << 20).write(to: media)
        // The media file is shorter than recorded: the writer notices after streaming what there is.
        let entries: [String: Exporter.Entry] = [
            "index.html": .document(Data("<p>hi</p>".utf8)),
            "media/x.png": .media(media, size: 4 << 20),
        ]
        #expect(throws: ExportError.self) {
            try Exporter.writeTarball(entries, folder: "thread-1", mtime: 0, format: .tarGz, to: .file(destination))
        }
        #expect(try Data(contentsOf: destination) == Data("an earlier export".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "source.png", "thread.tar.gz",
            ])

        // The same entries with the right size do replace it.
        let fixed: [String: Exporter.Entry] = [
            "index.html": .document(Data("<p>hi</p>".utf8)), "media/x.png": .media(media, size: 3 << 20),
        ]
        try Exporter.writeTarball(fixed, folder: "thread-1", mtime: 0, format: .tarGz, to: .file(destination))
        #expect(
            try LibarchiveReader.entries(of: destination).map(\.name) == [
                "thread-1/", "thread-1/index.html", "thread-1/media/", "thread-1/media/x.png",
            ])
    }

    @Test func entryNamesNeverCarryServerText() {
        let hostile = ExportRecordStub.file(ext: "../../etc/passwd")
        #expect(ExportDocument.entry(hostile) == "media/\(hostile.sha256).bin")
        #expect(ExportDocument.entry(ExportRecordStub.file(ext: "PNG")) == "media/\(hostile.sha256).png")
        #expect(
            !ExportDocument.isSafeName("../x") && !ExportDocument.isSafeName("")
                && ExportDocument.isSafeName("01HZX3V7Y6R3Q9K2M4N8P0T5WB"))
    }
}

enum ExportRecordStub {
    static func file(ext: String) -> ArchiveCore.ExportRecord.StoredFile {
        .init(sha256: String(repeating: "ab", count: 32), ext: ext, mime: "image/png", size: 1)
    }
}
