import FlyingFox
import FlyingSocks
import Foundation

/// Media paths that misbehave on purpose, for testing a media downloader:
///
/// - `/media/fault/html/NAME`: 200 with an HTML page (`text/html`), as a login wall or error page would.
/// - `/media/fault/html-as-png/NAME`: the same page declared as `image/png`.
/// - `/media/fault/missing/NAME`: 404; `/media/fault/gone/NAME`: 410; `/media/fault/error/NAME`: 503.
/// - `/media/fault/loop/NAME`: a 302 to itself, forever.
/// - `/media/fault/short/NAME`: a PNG whose connection closes after half the declared `Content-Length`.
/// - `/media/large/BYTES/NAME`: BYTES deterministic bytes (typed by NAME's extension).
/// - `/media/slow/BYTES/NAME`: the same bytes, sent 64 KiB at a time every 25 ms (about 2.5 MB/s).
/// - `/media/png/WIDTHxHEIGHT/NAME`: a real PNG of that size (up to 4000 on a side), for pages that must
///   fit wide or tall pictures to a screen.
/// - `/media/active/svg/NAME`: an SVG image that runs a script (`image/svg+xml`).
/// - `/media/active/fragment/NAME`: an HTML fragment with a script, no `<html>`, as `application/octet-stream`.
extension ServerState {
    /// The reply for a special media path, or nil for an ordinary one.
    func specialMedia(_ req: APIRequest) -> (Reply, FaultDecision)? {
        let s = req.segments
        guard s.count >= 3, s[0] == "media" else { return nil }
        let name = s.last ?? ""
        switch (s[1], s.count) {
        case ("fault", 4):
            switch s[2] {
            case "html": return (.html(FaultInjector.errorPage), .none)
            case "html-as-png":
                return (Reply(status: 200, contentType: "image/png", body: Data(FaultInjector.errorPage.utf8)), .none)
            case "missing": return (.notFound, .none)
            case "gone": return (.error(410, "Gone"), .none)
            case "error": return (.error(503, "Service Unavailable"), .none)
            case "loop":
                return (
                    Reply(
                        status: 302, contentType: "text/plain", body: Data(),
                        headers: [("Location", "\(base)\(req.rawPath)")]),
                    .none
                )
            case "short":
                return (
                    Reply(status: 200, contentType: "image/png", body: PNG.make(width: 64, height: 64, seed: 7)),
                    .dropMidBody
                )
            default: return (.notFound, .none)
            }
        case ("active", 4):
            switch s[2] {
            case "svg":
                return (Reply(status: 200, contentType: "image/svg+xml", body: Data(Self.activeSVG.utf8)), .none)
            case "fragment":
                return (
                    Reply(status: 200, contentType: "application/octet-stream", body: Data(Self.activeFragment.utf8)),
                    .none
                )
            default: return (.notFound, .none)
            }
        case ("png", 4):
            let sides = s[2].split(separator: "x").compactMap { Int($0) }
            guard sides.count == 2, sides.allSatisfy({ (1...4000).contains($0) }) else { return (.notFound, .none) }
            return (
                Reply(
                    status: 200, contentType: "image/png", body: PNG.make(width: sides[0], height: sides[1], seed: 5)),
                .none
            )
        case ("large", 4), ("slow", 4):
            guard let size = Int(s[2]), size > 0, size <= 1 << 30 else { return (.notFound, .none) }
            var seed: UInt64 = 1_469_598_103_934_665_603
            for byte in name.utf8 { seed = (seed ^ UInt64(byte)) &* 1_099_511_628_211 }
            var body = Self.deterministicBytes(count: size, seed: seed &+ UInt64(size))
            // Opened by the signature of the type its name says, as a real file would be.
            let signature = Self.mediaFormat(of: name)?.signature ?? []
            body.replaceSubrange(0..<min(size, signature.count), with: signature.prefix(size))
            let reply = Reply(status: 200, contentType: Self.mediaType(of: name), body: body)
            return (reply, s[1] == "slow" ? .slow(chunk: 64 * 1024, seconds: 0.025) : .none)
        default:
            return nil
        }
    }

    /// `count` bytes from a seeded PRNG: the same for the same seed on every server.
    static func deterministicBytes(count: Int, seed: UInt64) -> Data {
        var rng = SplitMix64(seed: seed)
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            var word = rng.next()
            for _ in 0..<min(8, count - offset) {
                bytes[offset] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                offset += 1
            }
        }
        return Data(bytes)
    }

    /// "Media" that runs a script when a browser opens it.
    static let activeSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert('svg')">\
        <script>document.title = 'pwned'</script><rect width="10" height="10"/></svg>
        """
    static let activeFragment = "<p>not a picture</p><script>document.title = 'pwned'</script>\n"

    /// The media types the server serves by file extension, with the bytes such a file starts with.
    static let mediaFormats: [String: (type: String, signature: [UInt8])] = [
        "png": ("image/png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        "jpg": ("image/jpeg", [0xFF, 0xD8, 0xFF, 0xE0]),
        "mp4": ("video/mp4", [0, 0, 0, 0x18] + Array("ftypisom".utf8)),
        "mp3": ("audio/mpeg", Array("ID3".utf8) + [4, 0, 0]),
    ]

    /// The format a file name's extension says, if the server knows it.
    static func mediaFormat(of name: String) -> (type: String, signature: [UInt8])? {
        name.split(separator: ".").last.flatMap { mediaFormats[String($0)] }
    }

    static func mediaType(of name: String) -> String {
        mediaFormat(of: name)?.type ?? "application/octet-stream"
    }
}

/// Bytes sent a chunk at a time with a pause before each: a slow media host.
struct SlowBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let bytes: Data
    let chunk: Int
    let seconds: Double

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        let bytes: Data
        let chunk: Int
        let seconds: Double
        var offset = 0

        mutating func next() async throws -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[bytes.startIndex + offset]
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard offset < bytes.count else { return nil }
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            let end = Swift.min(offset + chunk, bytes.count)
            defer { offset = end }
            return Array(bytes[(bytes.startIndex + offset)..<(bytes.startIndex + end)])
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, chunk: chunk, seconds: seconds) }
}
