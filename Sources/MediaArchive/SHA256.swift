import Foundation

/// SHA-256 (FIPS 180-4), fed incrementally: the media archive hashes files while they download and
/// when it verifies them, without holding them in memory.
///
/// Written here rather than taken from swift-crypto: Linux has no CryptoKit, the archive needs only
/// this one function, and it is checked against the NIST vectors and `sha256sum` in the tests.
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    private var buffer = [UInt8](repeating: 0, count: 64)
    private var buffered = 0
    private var length: UInt64 = 0

    /// A hasher with nothing fed yet.
    public init() {}

    /// Feeds bytes.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress, !bytes.isEmpty else { return }
        var count = bytes.count
        length &+= UInt64(count)
        if buffered > 0 {
            let take = min(64 - buffered, count)
            let offset = buffered
            buffer.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: offset).copyMemory(from: base, byteCount: take) }
            buffered += take
            base += take
            count -= take
            guard buffered == 64 else { return }
            let block = buffer
            block.withUnsafeBytes { compress($0.baseAddress!) }
            buffered = 0
        }
        while count >= 64 {
            compress(base)
            base += 64
            count -= 64
        }
        if count > 0 {
            buffer.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: base, byteCount: count) }
            buffered = count
        }
    }

    /// Pads, finishes and returns the 32-byte digest. The hasher should not be fed afterwards.
    public mutating func finalize() -> [UInt8] {
        let bits = length &* 8
        var padding = [UInt8](repeating: 0, count: buffered < 56 ? 56 - buffered : 120 - buffered)
        padding[0] = 0x80
        padding.withUnsafeBytes { update($0) }
        var tail = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 { tail[index] = UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64(index))) }
        tail.withUnsafeBytes { update($0) }
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
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

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block.
    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 {
                w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
            }
            for t in 16..<64 {
                let x = w[t - 15], y = w[t - 2]
                let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
                let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            Self.k.withUnsafeBufferPointer { k in
                for t in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    h = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ t2
                }
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                     state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }
}

private extension UInt32 {
    @inline(__always) func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
