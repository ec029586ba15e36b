import Foundation

/// `WARC-Payload-Digest` taken as a block goes by: over the whole block, or for an HTTP message
/// (`application/http`) over what follows its header. A body kept in chunks (`Transfer-Encoding:
/// chunked`) is digested joined by the writers that do so, which a reader cannot do as the bytes go by:
/// its payload digest is not checked (the block digest still is).
struct PayloadDigest {
    private var running: WARCDigest.Running?
    private let http: Bool
    private var head = Data()
    private var inBody: Bool
    private var chunked = false
    /// The longest HTTP header looked for: past it, the payload cannot be told and is not checked.
    private static let maxHead = 1 << 20

    init(_ running: WARCDigest.Running?, http: Bool = false) {
        self.running = running
        self.http = http
        inBody = !http
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard running != nil else { return }
        guard !inBody else {
            running?.update(bytes)
            return
        }
        guard head.count < Self.maxHead else { return }
        let before = head.count
        head.append(contentsOf: bytes.prefix(Self.maxHead))
        guard let end = head.range(of: Data([0x0D, 0x0A, 0x0D, 0x0A])) else { return }
        inBody = true
        let text = String(decoding: head[..<end.lowerBound], as: UTF8.self).lowercased()
        chunked = text.contains("\r\ntransfer-encoding:") && text.contains("chunked")
        let bodyStart = end.upperBound - before
        if bodyStart < bytes.count { running?.update(UnsafeRawBufferPointer(rebasing: bytes[bodyStart...])) }
        head = Data()
    }

    /// Whether the payload matches its digest: true when there is none, or it cannot be told.
    func matches() -> Bool {
        guard let running, inBody, !chunked else { return true }
        return running.matches()
    }
}
