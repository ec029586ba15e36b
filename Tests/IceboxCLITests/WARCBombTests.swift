import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `import warc` of a hostile file keeps memory and disk bounded in bytes (issue 42): a gzip member is
/// inflated as a stream under the ZIP and tar imports' ratio and total, a block is never copied whole,
/// and media files are stored as they are read, never past `--max-media-size`.
@Suite(.serialized) struct WARCBombTests {
    /// A record's header, its block said to be `length` bytes.
    private static func head(_ kind: String, target: String? = nil, type: String, length: Int64) -> String {
        var text = "WARC/1.1\r\nWARC-Type: \(kind)\r\nWARC-Record-ID: <urn:uuid:bomb-\(kind)>\r\n"
        if let target { text += "WARC-Target-URI: \(target)\r\n" }
        return text + "Content-Type: \(type)\r\nContent-Length: \(length)\r\n\r\n"
    }

    private static func mediaFiles(_ cli: CLI) -> [String] {
        let media = cli.home.url.appending(path: "media")
        let all = FileManager.default.enumerator(atPath: media.path)?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".png") || $0.hasSuffix(".bin") }
    }

    @Test(.timeLimit(.minutes(2)))
    func aMemberInflatingTo2GiBIsRefusedAsItInflatesNamingTheFileAndRecord() async throws {
        let folder = try TemporaryDirectory("icebox-warc-bomb")
        let file = folder.url.appending(path: "b1.warc.gz")
        let size: Int64 = 2 << 30
        try GzipBombFile.write(
            prefix: Array((Self.head("warcinfo", type: "application/warc-fields", length: size) + "a: b").utf8),
            decodedSize: size, to: file)
        let cli = try CLI()
        let (result, peak) = try await cli.measured(["import", "warc", file.path])
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains(file.path) && result.stderr.contains("at byte 0"), "\(result.stderr)")
        #expect(result.stderr.contains("inflates") && result.stderr.contains("refused"), "\(result.stderr)")
        #expect(!result.stdout.contains("imported") && !result.stderr.contains("imported"))
        #expect(peak < 300, "peak RSS \(peak) MiB for a member inflating to 2 GiB")
    }

    @Test(.timeLimit(.minutes(2)))
    func aMediaRecordPastTheMediaLimitIsRefusedWhileItIsRead() async throws {
        let folder = try TemporaryDirectory("icebox-warc-bomb")
        let file = folder.url.appending(path: "b2.warc.gz")
        let size: Int64 = 2 << 30
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]
        try GzipBombFile.write(
            prefix: Array(
                Self.head("resource", target: "https://files.example/media/a.png", type: "image/png", length: size).utf8
            ) + png, decodedSize: size, to: file)
        let cli = try CLI()
        let (result, peak) = try await cli.measured(["import", "warc", file.path, "--max-media-size", "1M"])
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains(file.path) && result.stderr.contains("at byte 0"), "\(result.stderr)")
        #expect(peak < 300, "peak RSS \(peak) MiB for a media record inflating to 2 GiB")
        #expect(Self.mediaFiles(cli).isEmpty)
    }

    @Test(.timeLimit(.minutes(2)))
    func manyLargeMediaRecordsAreNotStoredPastTheInflationBound() async throws {
        let folder = try TemporaryDirectory("icebox-warc-bomb")
        let file = folder.url.appending(path: "b3.warc.gz")
        let part = folder.url.appending(path: "part.gz")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        for number in 0..<12 {
            let size: Int64 = 128 << 20
            let head = Self.head(
                "resource", target: "https://files.example/media/\(number).png", type: "image/png", length: size)
            try GzipBombFile.write(
                prefix: Array(head.utf8) + [0x89, 0x50, 0x4E, 0x47, UInt8(number)], decodedSize: size, to: part)
            try handle.write(contentsOf: try Data(contentsOf: part))
        }
        try handle.close()
        let cli = try CLI()
        let (result, peak) = try await cli.measured(["import", "warc", file.path])
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("inflates"), "\(result.stderr)")
        #expect(peak < 300, "peak RSS \(peak) MiB for 12 media records of 128 MiB")
        #expect(Self.mediaFiles(cli).isEmpty, "nothing of a refused import stays")
    }

    @Test(.timeLimit(.minutes(2)))
    func aHugeBlockOfAnUncompressedFileIsNeverCopiedWhole() async throws {
        let folder = try TemporaryDirectory("icebox-warc-bomb")
        let file = folder.url.appending(path: "b4.warc")
        let size: Int64 = 1 << 30
        let head = Data(Self.head("warcinfo", type: "application/octet-stream", length: size).utf8)
        try head.write(to: file)
        // A sparse file: the block is a gigabyte of zeros that takes no room on disk.
        #expect(truncate(file.path, off_t(Int64(head.count) + size)) == 0)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\r\n\r\n".utf8))
        try handle.close()
        let cli = try CLI()
        let (result, peak) = try await cli.measured(["import", "warc", file.path])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(peak < 300, "peak RSS \(peak) MiB for a 1 GiB block")
    }
}
