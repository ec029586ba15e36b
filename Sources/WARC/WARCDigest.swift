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
        guard let colon = label.firstIndex(of: ":") else { return nil }
        let algorithm = label[..<colon].lowercased().replacingOccurrences(of: "-", with: "")
        let value = String(label[label.index(after: colon)...])
        let digest: [UInt8]
        switch algorithm {
        case "sha1": digest = Array(Insecure.SHA1.hash(data: data))
        case "sha256": digest = Array(Crypto.SHA256.hash(data: data))
        case "sha512": digest = Array(SHA512.hash(data: data))
        default: return nil
        }
        let hex = digest.map { String(format: "%02x", $0) }.joined()
        return value.uppercased() == base32(digest) || value.lowercased() == hex
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
