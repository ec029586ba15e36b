import ArchiveCore
import Foundation
import HTTPTypes
import IceboxTestSupport
import MediaFiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A media file is served only when it is what the store wrote: a regular file inside the media folder,
/// reached without following a link (a planted link to a file, or a folder, elsewhere is not served,
/// even holding the right bytes), whose bytes hash to its name. And it is streamed: `Range` answers 206
/// with its part, and eight slow readers of a 90 MiB file do not each take a copy of it.
@Suite(.serialized) struct ServeMediaSafetyTests {
    /// Stores `bytes` in alice's archive as a PNG (the catalogue row and, unless `write` is false, the
    /// file); its hash.
    static func store(_ bytes: Data, in archive: ServedArchive, write: Bool = true) async throws -> String {
        let hash = SHA256.hex(bytes)
        let file = Self.layout(archive).file(sha256: hash, ext: "png")
        if write {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: file)
        }
        try await archive.archive.recordMediaStored(
            url: "https://icebox.test/files/\(hash).png", kind: "original", sha256: hash, size: Int64(bytes.count),
            mime: "image/png", ext: "png")
        return hash
    }

    static func layout(_ archive: ServedArchive) -> MediaLayout {
        MediaLayout(root: IceboxHome(directory: archive.home.url).media)
    }

    static func png(_ text: String) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(text.utf8)
    }

    @Test func aLinkPlantedInTheStoreOrBytesNotMatchingTheNameAreNotServed() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let outside = try TemporaryDirectory("icebox-serve-outside")
        let layout = Self.layout(archive)
        // A file the store wrote: served (the control).
        let good = try await Self.store(Self.png("stored \(UUID())"), in: archive)
        // The stored file replaced by a link to a file elsewhere holding the very bytes its name says.
        let linkedBytes = Self.png("linked \(UUID())")
        let linked = try await Self.store(linkedBytes, in: archive)
        let linkedFile = layout.file(sha256: linked, ext: "png")
        try FileManager.default.removeItem(at: linkedFile)
        try linkedBytes.write(to: outside.url.appending(path: "elsewhere.png"))
        try FileManager.default.createSymbolicLink(
            at: linkedFile, withDestinationURL: outside.url.appending(path: "elsewhere.png"))
        // Its `ab/cd` folder a link to a folder elsewhere holding the file.
        var folderBytes = Self.png("folder \(UUID())")
        while FileManager.default.fileExists(
            atPath: layout.file(sha256: SHA256.hex(folderBytes), ext: "png").deletingLastPathComponent().path)
        {
            folderBytes = Self.png("folder \(UUID())")
        }
        let folder = try await Self.store(folderBytes, in: archive, write: false)
        let plantedFolder = layout.file(sha256: folder, ext: "png").deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: plantedFolder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try folderBytes.write(to: outside.url.appending(path: "\(folder).png"))
        try FileManager.default.createSymbolicLink(at: plantedFolder, withDestinationURL: outside.url)
        // A file in its place whose bytes are not the ones its name says.
        let swapped = try await Self.store(Self.png("swapped \(UUID())"), in: archive)
        try Self.png("something else").write(to: layout.file(sha256: swapped, ext: "png"))

        try await archive.serving { served in
            #expect((try await served.get("/media/\(good)")).status == .ok, "a stored file is served")
            for (what, hash) in [("a linked file", linked), ("a linked folder", folder), ("other bytes", swapped)] {
                let answer = try await served.get("/media/\(hash)")
                #expect(answer.status == .notFound, "\(what): \(answer.status)")
                #expect(
                    !answer.body.contains("linked") && !answer.body.contains("folder") && !answer.body.contains("else"))
            }
        }
    }

    @Test func aRangeIsAnsweredWithItsPart() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let bytes = Self.png("0123456789 ranged \(UUID())")
        let hash = try await Self.store(bytes, in: archive)
        try await archive.serving { served in
            let part = try await served.get("/media/\(hash)", headers: [.range: "bytes=8-11"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 8-11/\(bytes.count)")
            #expect(part.body == "0123")
            #expect(part.headers[.contentType] == "image/png")
            let tail = try await served.get("/media/\(hash)", headers: [.range: "bytes=8-"])
            #expect(tail.status == .partialContent && tail.body.utf8.count == bytes.count - 8)
            let whole = try await served.get("/media/\(hash)")
            #expect(whole.status == .ok && whole.headers[.acceptRanges] == "bytes")
            #expect(whole.headers[.contentLength] == String(bytes.count))
        }
    }

    /// The ranges at a file's edges, as RFC 9110 (14.1.1, 15.5.17) reads them: one starting at or past the
    /// end, or a suffix of none, is not satisfiable (416, with `Content-Range: bytes */SIZE` so that a
    /// player knows the size); a suffix is the file's last bytes; an end past the end is cut at it; and an
    /// `If-Range` that no longer matches asks for the whole file, whatever the range.
    @Test func aRangeAtTheEdgesIsAnsweredAsTheRFCSays() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let bytes = Self.png("0123456789 edges \(UUID())")
        let size = bytes.count
        let hash = try await Self.store(bytes, in: archive)
        let text = String(decoding: bytes, as: UTF8.self)
        try await archive.serving { served in
            func get(_ range: String, _ extra: HTTPFields = [:]) async throws
                -> (status: HTTPResponse.Status, headers: HTTPFields, body: String)
            {
                var headers = extra
                headers[.range] = range
                return try await served.get("/media/\(hash)", headers: headers)
            }
            for range in ["bytes=\(size)-", "bytes=\(size + 10)-\(size + 20)", "bytes=-0", "bytes=9-3"] {
                let answer = try await get(range)
                #expect(answer.status == .rangeNotSatisfiable, "\(range)")
                #expect(answer.headers[.contentRange] == "bytes */\(size)", "\(range)")
            }
            let last = try await get("bytes=-4")
            #expect(last.status == .partialContent)
            #expect(last.headers[.contentRange] == "bytes \(size - 4)-\(size - 1)/\(size)")
            #expect(last.body == String(text.suffix(4)))
            let longer = try await get("bytes=-\(size + 5)")
            #expect(longer.status == .partialContent && longer.headers[.contentRange] == "bytes 0-\(size - 1)/\(size)")
            #expect(longer.body == text)
            let cut = try await get("bytes=8-\(size + 100)")
            #expect(cut.status == .partialContent && cut.headers[.contentRange] == "bytes 8-\(size - 1)/\(size)")
            #expect(cut.headers[.contentLength] == String(size - 8) && cut.body.utf8.count == size - 8)
            let stale = try await get("bytes=\(size)-", [.ifRange: "\"an old version\""])
            #expect(stale.status == .ok && stale.body == text)
        }
    }

    @Test func slowReadersOfALargeFileDoNotEachTakeACopy() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        var bytes = Data(count: 90 << 20)
        bytes.withUnsafeMutableBytes { raw in
            for index in stride(from: 0, to: raw.count, by: 4096) {
                raw[index] = UInt8(truncatingIfNeeded: index >> 12)
            }
        }
        let hash = try await Self.store(bytes, in: archive)
        bytes = Data()
        let process = try await ServeProcess.start(["serve", "--listen", "127.0.0.1:0", "--home", archive.home.path])
        defer { process.running.signal(SIGKILL) }
        let served = process.served
        // Eight readers that take 64 KiB each and then stop reading while the reader's resident memory is read.
        let script = """
            import socket, sys, time
            port, cookie, path, pid = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
            def rss():
                for line in open(f"/proc/{pid}/status"):
                    if line.startswith("VmRSS:"): return int(line.split()[1]) // 1024
            before = rss()
            readers = []
            for _ in range(8):
                s = socket.create_connection(("127.0.0.1", port))
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
                s.sendall(f"GET {path} HTTP/1.1\\r\\nHost: 127.0.0.1:{port}\\r\\nCookie: {cookie}\\r\\n\\r\\n".encode())
                got = 0
                while got < 65536: got += len(s.recv(65536))
                readers.append(s)
            peak = before
            for _ in range(20):
                time.sleep(0.1)
                peak = max(peak, rss())
            print(before, peak)
            """
        let result = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c", script, "\(served.port)", served.cookie ?? "", "/media/\(hash)",
                "\(process.running.pid)",
            ])
        let numbers = result.stdout.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(numbers.count == 2, "\(result.stdout) \(result.stderr)")
        #expect(numbers[1] - numbers[0] < 90, "8 readers of 90 MiB: \(numbers[0]) MiB, then \(numbers[1]) MiB")
    }
}
