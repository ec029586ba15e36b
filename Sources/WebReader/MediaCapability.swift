import Crypto
import Foundation
import Models

/// What lets an app load one kept media file without the owner's secret (issue 45): apps load a
/// status's images as a browser loads a server's, with no `Authorization` header, so each `/media/`
/// address the API hands out carries a signature of its hash (HMAC-SHA-256 under a key new at each
/// start of `serve`). It opens that one file and nothing else of the reader.
struct MediaCapability: Sendable {
    /// The key's bytes (a `SymmetricKey` is made of them for each use: it is not `Sendable`).
    private let secret: [UInt8]

    init() {
        var generator = SystemRandomNumberGenerator()
        secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    private var key: SymmetricKey { SymmetricKey(data: secret) }

    /// The signature of `hash`, as the `sig` parameter of its address.
    func signature(_ hash: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(hash.utf8), using: key).lowercaseHex
    }

    /// Whether `signature` is `hash`'s (compared in constant time).
    func isValid(_ signature: String, for hash: String) -> Bool {
        guard let given = Data(hexString: signature) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: Data(hash.utf8), using: key)
    }
}

extension Data {
    /// The bytes of lower-case or upper-case hex; `nil` for anything else.
    init?(hexString: String) {
        let digits = Array(hexString.utf8)
        guard digits.count % 2 == 0, digits.count <= 128 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 48...57: digit - 48
        case 97...102: digit - 87
        case 65...70: digit - 55
        default: nil
        }
    }
}
