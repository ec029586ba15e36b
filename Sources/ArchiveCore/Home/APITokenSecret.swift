import Crypto
import Foundation
import Models

/// The secrets of the API: tokens, client ids and client secrets, and how they are kept (as SHA-256).
package enum APITokenSecret {
    /// 256 bits from the system's secure generator, URL-safe base64 without padding (43 characters).
    package static func new() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return urlSafe(Data(bytes))
    }

    /// PKCE's `S256` challenge of `verifier` (RFC 7636): its SHA-256 in URL-safe base64 without padding.
    package static func challenge(_ verifier: String) -> String {
        urlSafe(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    private static func urlSafe(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The hex SHA-256 of `secret`, as the file keeps it.
    package static func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).lowercaseHex
    }

    /// Whether two digests are the same, looking at every byte whatever differs first.
    package static func sameDigest(_ kept: String, _ given: String) -> Bool {
        let kept = Array(kept.utf8)
        let given = Array(given.utf8)
        guard kept.count == given.count else { return false }
        return zip(kept, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A new token and the record that keeps it (hashed, with its last four characters).
    static func issue(name: String, account: String?, kind: APITokenRecord.Kind, clientID: String?)
        -> (token: String, record: APITokenRecord)
    {
        let token = new()
        let record = APITokenRecord(
            name: name, account: account, kind: kind, createdAt: Timestamp.string(Date()),
            lastFour: String(token.suffix(4)), scopes: ["read"], clientID: clientID, sha256: digest(token))
        return (token, record)
    }
}
