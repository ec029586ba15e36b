import ArchiveCore
import Synchronization

/// The sign-ins under way, in memory only: each approval page's one-time nonce, and each approved
/// sign-in's one-time code (10 minutes). Kept by the SHA-256 of the nonce or code, at most
/// ``maximumPending`` of each (the oldest dropped first), so nobody can fill memory with them.
final class OAuthPending: Sendable {
    /// A sign-in an app asked for (``nonces``) or the owner approved (``codes``).
    struct SignIn: Sendable {
        var clientID: String
        var redirectURI: String
        var state: String?
        /// The archiving account's handle, once the owner chose it.
        var account: String?
        /// PKCE's `S256` challenge the app sent, which its `code_verifier` must meet (RFC 7636).
        var codeChallenge: String?
        var expires: ContinuousClock.Instant
    }

    static let lifetime = Duration.seconds(600)
    static let maximumPending = 1_000

    private let nonces = Mutex<[String: SignIn]>([:])
    private let codes = Mutex<[String: SignIn]>([:])

    /// A new nonce for the page that shows `signIn` to the owner.
    func offer(_ signIn: SignIn) -> String { Self.keep(signIn, in: nonces) }

    /// The sign-in shown with `nonce`, once: the nonce is spent whatever the answer.
    func spendNonce(_ nonce: String) -> SignIn? { Self.take(nonce, from: nonces) }

    /// A new code for an approved sign-in.
    func approve(_ signIn: SignIn) -> String { Self.keep(signIn, in: codes) }

    /// The approved sign-in of `code`, once: a code is spent by its first use, right or wrong.
    func redeem(_ code: String) -> SignIn? { Self.take(code, from: codes) }

    private static func keep(_ signIn: SignIn, in table: borrowing Mutex<[String: SignIn]>) -> String {
        let secret = APITokenSecret.new()
        var kept = signIn
        kept.expires = ContinuousClock.now + lifetime
        table.withLock { entries in
            let now = ContinuousClock.now
            entries = entries.filter { $0.value.expires > now }
            while entries.count >= maximumPending, let oldest = entries.min(by: { $0.value.expires < $1.value.expires })
            {
                entries[oldest.key] = nil
            }
            entries[APITokenSecret.digest(secret)] = kept
        }
        return secret
    }

    private static func take(_ secret: String, from table: borrowing Mutex<[String: SignIn]>) -> SignIn? {
        let key = APITokenSecret.digest(secret)
        guard let found = table.withLock({ $0.removeValue(forKey: key) }), found.expires > ContinuousClock.now else {
            return nil
        }
        return found
    }
}
