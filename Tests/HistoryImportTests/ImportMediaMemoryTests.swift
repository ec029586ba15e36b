import Foundation
import IceboxTestSupport
import MediaArchive
import MediaFiles
import Testing

@testable import HistoryImport

/// What an import keeps of its media files outside its transaction: the files it placed, written down
/// in a file of their own, and a filter of the names posts give them, of a fixed size.
struct ImportMediaMemoryTests {
    @Test func placedFilesComeBackInOrderFromTheirFileAndLeaveNothingBehind() throws {
        let folder = try TemporaryDirectory("icebox-placed")
        let layout = MediaLayout(root: folder.url.appending(path: "media"))
        let placed = PlacedFiles()
        // 3,000 lines of 69 bytes: past the 64 KiB kept in memory, so most are read back from the file.
        let files = (0..<3000).map { (SHA256.hex(Data("\($0)".utf8)), $0 % 2 == 0 ? "png" : "mp4") }
        for (sha256, ext) in files { placed.add(sha256: sha256, ext: ext, in: layout) }
        var read: [(String, String)] = []
        placed.eachFile { read.append(($0, $1)) }
        #expect(read.map(\.0) == files.map(\.0) && read.map(\.1) == files.map(\.1))
        let left = try FileManager.default.contentsOfDirectory(atPath: layout.temporary.path)
        #expect(left.isEmpty, "\(left)")
    }

    @Test func aNameInsertedIsAlwaysFoundAndOthersAlmostNever() {
        var filter = NameFilter()
        let named = (0..<5000).map { "https://social.example/system/media_attachments/files/\($0).png" }
        for name in named { filter.insert(name) }
        #expect(named.allSatisfy(filter.mayContain))
        let others = (0..<10000).map { "https://social.example/system/media_attachments/other/\($0).png" }
        #expect(others.filter(filter.mayContain).count < 10)
    }
}
