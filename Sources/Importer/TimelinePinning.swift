import ArchiveCore
import Foundation
import MastodonAPI
import Models
import Transport

/// Turns what a user typed (`tag:swift`, `remote:fosstodon.org`, `--account`) into a timeline to pin:
/// its canonical spec, the account it is read with and the server it is read from.
public struct TimelinePinning: Sendable, Hashable {
    public var spec: String
    /// The account it is read with (`ArchivingAccount.id`); `nil` when read without login.
    public var accountID: Int64?
    /// That account's handle, a label for messages.
    public var accountHandle: String?
    public var server: String

    /// Why the request cannot be pinned as typed (a usage error).
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(specText: String, account: String?, accounts: [ArchivingAccount]) throws(Invalid) {
        let parsed: TimelineSpec
        do { parsed = try TimelineSpec(parsing: specText).canonical } catch {
            throw Invalid(description: error.description)
        }
        if let named = parsed.anonymousServer {
            let address: ServerAddress
            do { address = try ServerAddress(named) } catch { throw Invalid(description: error.description) }
            if account != nil {
                throw Invalid(description: "\(parsed) is read without login; --account does not apply")
            }
            spec = parsed.with(server: address.specText).description
            accountID = nil
            accountHandle = nil
            server = address.description
            return
        }
        let chosen: ArchivingAccount
        if let account {
            do { chosen = try accounts.one(named: account) } catch { throw Invalid(description: error.description) }
        } else if accounts.count == 1 {
            chosen = accounts[0]
        } else if accounts.isEmpty {
            throw Invalid(
                description: "\(parsed) is read with an account: add one first with `icebox account add <server>`")
        } else {
            throw Invalid(description: "several accounts: say which with --account (\(accounts.listed))")
        }
        spec = parsed.description
        accountID = chosen.id
        accountHandle = chosen.handle
        server = chosen.server
    }
}

extension ServerAddress {
    /// How a server is written inside a timeline spec: the bare host for `https://` on the default
    /// port, the whole URL otherwise.
    public var specText: String {
        url.scheme == "https" && url.port == nil ? host : description
    }
}
