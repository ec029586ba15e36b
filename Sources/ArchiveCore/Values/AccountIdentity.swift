import Foundation

/// Who an account is: the origin that issued its token (`scheme://host[:port]`) and the account's id
/// there. The handle a server reports (`alice@legit.social`) is a label a hostile server can forge, so
/// it never keys an account or a token; this does.
public struct AccountIdentity: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The origin that issued the token, as `ServerAddress` writes it (`https://host[:port]`).
    public var origin: String
    /// The account's id on that origin (opaque).
    public var remoteID: String

    public init(origin: String, remoteID: String) {
        self.origin = origin
        self.remoteID = remoteID
    }

    /// The key of the account's token in `credentials.json`: `<id>@<origin>`.
    public var key: String { "\(remoteID)@\(origin)" }

    public var description: String { key }
}

extension ArchivingAccount {
    /// The account's identity: its server (the origin that issued its token) and its id there.
    public var identity: AccountIdentity { AccountIdentity(origin: server, remoteID: remoteID) }
}

extension [ArchivingAccount] {
    /// The accounts a user's reference names: a handle (`alice@legit.social` or `@alice@legit.social`,
    /// any case), the server an account lives on (`https://legit.social`, `http://127.0.0.1:8080`), or a
    /// bare user name (`alice`, `@alice`), as the REPL takes one. A handle is only a label, so it may
    /// name several accounts (on several servers), and a user name more; callers must then ask for the
    /// server.
    public func matching(_ reference: String) -> [ArchivingAccount] {
        var text = reference.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("@") { text.removeFirst() }
        let byHandle = filter { $0.handle.caseInsensitiveCompare(text) == .orderedSame }
        if !byHandle.isEmpty { return byHandle }
        let origin = text.hasSuffix("/") ? String(text.dropLast()) : text
        let byServer = filter { $0.server.caseInsensitiveCompare(origin) == .orderedSame }
        guard byServer.isEmpty, !text.isEmpty, !text.contains("@"), !text.contains("/") else { return byServer }
        return filter { account in
            let name = account.handle.split(separator: "@", maxSplits: 1).first.map(String.init) ?? account.handle
            return name.caseInsensitiveCompare(text) == .orderedSame
        }
    }

    /// How a list of accounts reads in a message: `alice@legit.social (https://legit.social), …`.
    public var listed: String {
        map { "\($0.handle) (\($0.server))" }.joined(separator: ", ")
    }
}
