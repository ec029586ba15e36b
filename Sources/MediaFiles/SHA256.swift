import Crypto
import Foundation

/// SHA-256, fed incrementally: the media archive hashes files while they download and when it verifies
/// them, without holding them in memory. The hashing is swift-crypto's (BoringSSL's, using the CPU's
/// SHA instructions where it has them); this wrapper adds the hex forms and file hashing the archive uses.
///
/// `@unchecked`: swift-crypto 3 does not mark its hash state Sendable. Each hasher here has one owner
/// (one download, one verification) and is never shared between tasks while it is fed.
public struct SHA256: @unchecked Sendable {
    private var hasher = Crypto.SHA256()

    /// A hasher with nothing fed yet.
    public init() {}

    /// Feeds bytes.
    public mutating func update(_ data: Data) {
        hasher.update(data: data)
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bytes)
    }

    /// Finishes and returns the 32-byte digest. The hasher should not be fed afterwards.
    public mutating func finalize() -> [UInt8] {
        Array(hasher.finalize())
    }

    /// The digest as 64 lower-case hex characters.
    public mutating func hexDigest() -> String {
        finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The hex digest of some bytes.
    public static func hex(_ data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.hexDigest()
    }

    /// The hex digest and size of a file, read in 1 MiB chunks.
    public static func hex(fileAt url: URL) throws -> (digest: String, size: Int64) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256()
        var size: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(chunk)
            size += Int64(chunk.count)
        }
        return (hasher.hexDigest(), size)
    }
}
