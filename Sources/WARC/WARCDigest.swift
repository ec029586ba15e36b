import Crypto
import Foundation

/// The digests of `WARC-Block-Digest` and `WARC-Payload-Digest`: `sha1:` and the digest in base32
/// (RFC 4648, upper case, no padding), as wget, Heritrix, warcio and the CDX indexes of pywb and the
/// Wayback Machine write them, so a record's payload digest matches theirs and deduplicates with
/// theirs. SHA-1 is weak against a forger but not against corruption, which is what these fields
/// guard; Icebox's own content addressing stays SHA-256. Reading accepts `sha256:` and `sha512:` too,
/// in base32 or hex.
public enum WARCDigest {
    /// `sha1:<base32>` of `data`.
    public static func sha1(_ data: some DataProtocol) -> String {
        "sha1:" + base32(Array(Insecure.SHA1.hash(data: data)))
    }

    /// Whether `label` (`algorithm:value`) is the digest of `data`; `nil` for an algorithm Icebox does
    /// not know (then it cannot say).
    public static func matches(_ label: String, _ data: some DataProtocol) -> Bool? {
        guard var running = Running(label) else { return nil }
        for region in data.regions { region.withUnsafeBytes { running.update($0) } }
        return running.matches()
    }

    /// A digest named by a record's field, taken as its bytes go by: a block is never held whole to be
    /// checked.
    public struct Running {
        private enum Hasher {
            case sha1(Insecure.SHA1)
            case sha256(Crypto.SHA256)
            case sha512(SHA512)
        }
        private var hasher: Hasher
        private let value: String

        /// The digest `label` (`algorithm:value`) names; `nil` for an algorithm Icebox does not know.
        public init?(_ label: String) {
            guard let colon = label.firstIndex(of: ":") else { return nil }
            switch label[..<colon].lowercased().replacingOccurrences(of: "-", with: "") {
            case "sha1": hasher = .sha1(Insecure.SHA1())
            case "sha256": hasher = .sha256(Crypto.SHA256())
            case "sha512": hasher = .sha512(SHA512())
            default: return nil
            }
            value = String(label[label.index(after: colon)...])
        }

        public mutating func update(_ bytes: UnsafeRawBufferPointer) {
            switch hasher {
            case .sha1(var hash):
                hash.update(bufferPointer: bytes)
                hasher = .sha1(hash)
            case .sha256(var hash):
                hash.update(bufferPointer: bytes)
                hasher = .sha256(hash)
            case .sha512(var hash):
                hash.update(bufferPointer: bytes)
                hasher = .sha512(hash)
            }
        }

        /// Whether the bytes given are those the label names, in base32 or hex.
        public func matches() -> Bool {
            let digest: [UInt8]
            switch hasher {
            case .sha1(let hash): digest = Array(hash.finalize())
            case .sha256(let hash): digest = Array(hash.finalize())
            case .sha512(let hash): digest = Array(hash.finalize())
            }
            let hex = digest.map { String(format: "%02x", $0) }.joined()
            return value.uppercased() == WARCDigest.base32(digest) || value.lowercased() == hex
        }
    }

    /// RFC 4648 base32 without padding.
    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var text = ""
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                text.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { text.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return text
    }
}
