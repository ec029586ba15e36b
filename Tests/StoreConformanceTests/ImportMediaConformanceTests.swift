import ArchiveCore
import Foundation
import HistoryImport
import IceboxTestSupport
import MediaArchive
import MediaFiles
import Testing

/// The media files of a Mastodon export on each store: the files a post names are recorded and kept,
/// the others neither (and a URL the archive already knew keeps its own record), with walks of their own
/// or without; and an import that fails leaves no file and no row of them.
@Suite(.serialized) struct ImportMediaConformanceTests {
    static let system = "https://social.example/system/"
    static let named = [
        "media_attachments/files/111/000/001/original/5a1b2c3d4e5f6071.png",
        "media_attachments/files/111/000/002/original/8091a2b3c4d5e6f7.png",
        "media_attachments/files/111/000/003/original/0f1e2d3c4b5a6978.png",
    ]
    /// A file no post names, whose URL the archive tried before.
    static let stray = "media_attachments/files/999/000/001/original/stray.png"
    /// A file no post names with the bytes of a named one.
    static let twin = "media_attachments/files/999/000/002/original/twin.png"

    @Test(arguments: StoreKind.allCases)
    func onlyTheFilesAPostNamesAreRecordedAndKept(_ kind: StoreKind) async throws {
        try await Self.eachWalkCount(kind, "import-media") { test, export, importer in
            let walks = importer.mediaWalks ?? 0
            let strayBytes = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
            try Self.write(strayBytes, at: export.appending(path: Self.stray))
            let twinBytes = try Data(contentsOf: export.appending(path: Self.named[0]))
            try Self.write(twinBytes, at: export.appending(path: Self.twin))
            try await test.store.recordMediaFailure(
                url: Self.system + Self.stray, kind: "original", permanent: false, reason: "timed out",
                httpStatus: nil)
            let report = try await importer.run(into: test.store)
            // Which of the twins placed the bytes depends on the walks' order: the report counts a
            // file as new when its own storing placed it, so 3, or 2 when the twin came first.
            #expect(report.mediaFiles == 3 && report.mediaFilesNew >= 2, "\(kind), \(walks) walks: \(report)")
            #expect(report.mediaUnreferenced == 2, "\(kind), \(walks) walks: \(report)")
            for path in Self.named {
                #expect(try await test.store.mediaFile(forURL: Self.system + path) != nil, "\(path)")
            }
            for path in [Self.stray, Self.twin] {
                #expect(try await test.store.mediaFile(forURL: Self.system + path) == nil, "\(path)")
            }
            // The stray URL's earlier record stays as it was: three rows new, none changed.
            #expect(try await test.store.rowCount("media_downloads") == 4)
            #expect(try await test.store.rowCount("media_files") == 3)
            #expect(
                try await test.store.mediaSources(sha256: SHA256.hex(twinBytes)).map(\.url)
                    == [Self.system + Self.named[0]])
            let kept = Self.storedFiles(in: importer.media)
            #expect(kept.count == 3, "\(kind), \(walks) walks: \(kept)")
            #expect(!kept.contains { $0.contains(SHA256.hex(strayBytes)) })
            #expect(kept.contains { $0.contains(SHA256.hex(twinBytes)) })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anImportThatFailsLeavesNoMediaFileNorRow(_ kind: StoreKind) async throws {
        try await Self.eachWalkCount(kind, "import-media-failed") { test, export, importer in
            let walks = importer.mediaWalks ?? 0
            try Self.write(Data(repeating: 7, count: 3000), at: export.appending(path: Self.stray))
            // Item 5, after the three posts that name the media, is not JSON.
            let outbox = export.appending(path: "outbox.json")
            let text = try String(contentsOf: outbox, encoding: .utf8)
            let broken = text.replacingOccurrences(
                of: #"111000000000000005/activity","type":"Create""#,
                with: #"111000000000000005/activity" "type":"Create""#)
            #expect(broken != text)
            try Data(broken.utf8).write(to: outbox)
            do {
                _ = try await importer.run(into: test.store)
                Issue.record("a malformed outbox was imported")
            } catch {
                #expect("\(error)".contains("item 5"), "\(error)")
            }
            #expect(Self.storedFiles(in: importer.media).isEmpty, "\(kind), \(walks) walks")
            for table in ["media_files", "media_downloads", "statuses"] {
                #expect(try await test.store.rowCount(table) == 0, "\(table)")
            }
        }
    }

    /// Runs `body` with 0 and then 2 walks, each time with a new store of `kind`, a copy of the fixture
    /// export, and its importer with that many walks.
    static func eachWalkCount(
        _ kind: StoreKind, _ label: String,
        _ body: (TestStore, URL, MastodonExportImport) async throws -> Void
    ) async throws {
        for walks in [0, 2] {
            try await TestStore.with(kind, "\(label)-\(walks)") { test in
                let export = test.folder.url.appending(path: "export")
                try FileManager.default.copyItem(at: ImportFiles.fixture, to: export)
                var importer = MastodonExportImport(
                    file: export, media: MediaLayout(root: test.folder.url.appending(path: "media")))
                importer.mediaWalks = walks
                try await body(test, export, importer)
            }
        }
    }

    static func write(_ bytes: Data, at file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
    }

    /// The files in the media folder, its temporary folder left out.
    static func storedFiles(in media: MediaLayout) -> [String] {
        let all = FileManager.default.enumerator(atPath: media.root.path)?.allObjects as? [String] ?? []
        return all.filter { path in
            var folder: ObjCBool = false
            let full = media.root.appending(path: path).path
            return !path.hasPrefix(".tmp") && FileManager.default.fileExists(atPath: full, isDirectory: &folder)
                && !folder.boolValue
        }
    }
}
