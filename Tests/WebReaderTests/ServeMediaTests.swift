import ArchiveCore
import Foundation
import HTTPTypes
import IceboxTestSupport
import MediaFiles
import Testing

/// Stored media: a picture with its type, inline; a file of an active type (SVG) only as a download.
@Suite(.serialized) struct ServeMediaTests {
    @Test func aPictureIsServedWithItsTypeAndAnSVGOnlyAsADownload() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let layout = MediaLayout(root: IceboxHome(directory: archive.home.url).media)
        var stored: [String: (Data, String)] = [:]
        for (ext, bytes) in [
            ("png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])),
            ("svg", Data("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".utf8)),
        ] {
            let hash = SHA256.hex(bytes)
            let file = layout.file(sha256: hash, ext: ext)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: file)
            try await archive.archive.recordMediaStored(
                url: "https://icebox.test/files/served.\(ext)", kind: "original", sha256: hash,
                size: Int64(bytes.count), mime: ext == "png" ? "image/png" : "image/svg+xml", ext: ext)
            stored[ext] = (bytes, hash)
        }
        try await archive.serving { served in
            let (pngBytes, pngHash) = try #require(stored["png"])
            let picture = try await served.get("/media/\(pngHash).png")
            #expect(picture.status == .ok)
            #expect(picture.headers[.contentType] == "image/png")
            #expect(picture.headers[.contentDisposition] == nil)
            #expect(picture.headers[.contentLength] == String(pngBytes.count), "the stored bytes, whole")
            let (_, svgHash) = try #require(stored["svg"])
            for path in ["/media/\(svgHash)", "/media/\(svgHash).svg", "/media/\(svgHash).png"] {
                let active = try await served.get(path)
                #expect(active.status == .ok, "\(path)")
                #expect(active.headers[.contentType] == "application/octet-stream", "\(path)")
                #expect(active.headers[.contentDisposition]?.hasPrefix("attachment") == true, "\(path)")
                #expect(active.headers[.contentSecurityPolicy]?.contains("sandbox") == true, "\(path)")
                #expect(active.headers[.xContentTypeOptions] == "nosniff", "\(path)")
            }
        }
    }
}
