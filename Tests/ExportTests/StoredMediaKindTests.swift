import ArchiveCore
import Foundation
import Testing

@testable import Export

/// Files an older Icebox stored under an active extension (`.svg`, `.html`) are handled at export:
/// their entry is `.bin` and no page shows or links them.
struct StoredMediaKindTests {
    @Test func anActiveExtensionFromAnOlderStoreIsExportedAsBinAndNotShown() {
        for ext in ["svg", "SVG", "html", "htm", "xhtml", "xml", "js", "bin"] {
            let file = ExportRecordStub.file(ext: ext)
            #expect(ExportDocument.entry(file) == "media/\(file.sha256).bin", "\(ext)")
            #expect(ExportDocument.shown(file, as: .image) == nil)
        }
        let png = ExportRecordStub.file(ext: "png")
        #expect(ExportDocument.shown(png, as: .image) == png)
        #expect(ExportDocument.shown(png, as: .video) == nil, "a picture is not played as a video")
        #expect(ExportDocument.shown(ExportRecordStub.file(ext: "webm"), as: .video) != nil)
    }
}
