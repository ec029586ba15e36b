import Foundation
import Models

/// The upsert of an author's profile, one text for both stores: the profile as last seen from a source at
/// least as authoritative as the stored one's (see ``CopyAuthority``). The profile carries the account's
/// opt-out of search (see ``ConsentPolicy``), so an older copy inside a file or a capture, or a copy
/// another server cached, never lifts an opt-out the account's own server or the user's showed.
package enum AuthorStatements {
    /// The table and the columns an author's row is written with, in the order of ``values(of:raw:handle:authority:now:)``.
    package static let target =
        "authors(handle, uri, url, display_name, avatar, raw_json, updated_at, opted_out, authority, observed_at)"

    /// What an upsert of an author's row does when the handle is held. A copy better than the stored one
    /// (more authoritative, or as authoritative and observed no earlier, see ``values(of:raw:handle:authority:now:)``)
    /// replaces the profile when it says something new (a higher authority is recorded even for the same
    /// bytes, and a file's copy of the same bytes observed later moves `observed_at`). A less authoritative
    /// copy from a server may only add an opt-out: an author who opts out is honoured from any server's
    /// copy, while lifting an opt-out needs a copy as good as the one that showed it. A file's copy adds
    /// nothing to a profile a server sent, and an older copy of the same authority (a file's post older
    /// than the one that gave the profile) changes nothing: consent follows the newest copy.
    package static func onConflict(_ dialect: any SQLDialect) -> String {
        let better = """
            (excluded.authority > authors.authority
                OR (excluded.authority = authors.authority AND excluded.observed_at >= authors.observed_at))
            """
        func fromBetter(_ column: String) -> String {
            "\(column) = CASE WHEN \(better) THEN excluded.\(column) ELSE authors.\(column) END"
        }
        let columns = ["uri", "url", "display_name", "avatar", "raw_json", "updated_at", "authority", "observed_at"]
        let imported = CopyAuthority.imported.rawValue
        return """
            ON CONFLICT(handle) DO UPDATE SET \(columns.map(fromBetter).joined(separator: ", ")),
                opted_out = CASE WHEN \(better) THEN excluded.opted_out ELSE excluded.opted_out OR authors.opted_out END
            WHERE excluded.authority > authors.authority
                OR (excluded.authority = authors.authority AND excluded.observed_at >= authors.observed_at
                    AND (NOT (\(dialect.isSame("authors.raw_json", "excluded.raw_json")))
                        OR excluded.opted_out <> authors.opted_out
                        OR (excluded.authority = \(imported) AND excluded.observed_at > authors.observed_at)))
                OR (excluded.authority < authors.authority AND excluded.authority > \(imported)
                    AND \(dialect.isTrue("excluded.opted_out")) AND NOT \(dialect.isTrue("authors.opted_out")))
            """
    }

    /// When a copy of the profile of `status`'s author was observed: a server's copy now, as it is read; a
    /// file's copy no later than the post that carries it (the one moment the file vouches for: a profile
    /// inside a 2022 post, or a 2022 boost of it, says nothing of the profile in 2025), and never after now.
    package static func observedAt(_ status: Status, authority: CopyAuthority, now: String) -> String {
        guard authority == .imported else { return now }
        return min(Timestamp.string(status.createdAt), now)
    }

    /// The row of the author of `status`, whose JSON is sliced from the status bytes `raw`, as `handle`:
    /// the profile, whether it opted out of search (read from this copy, so an account that changes its
    /// mind is honoured as soon as a source as good as the last one shows it), the copy's authority, and
    /// when it was observed (``observedAt(_:authority:now:)``).
    package static func values(
        of status: Status, accountJSON: Data, handle: String, authority: CopyAuthority, now: String
    ) -> [SQLArgument] {
        let account = status.account
        return [
            .text(handle), .text(orNull: account.uri), .text(orNull: account.url), .text(orNull: account.displayName),
            .text(orNull: account.avatar), .bytes(accountJSON), .text(now),
            .bool(optedOut(accountJSON: accountJSON, note: account.note)),
            .int(Int64(authority.rawValue)),
            .text(observedAt(status, authority: authority, now: now)),
        ]
    }

    /// The version row (see ``AuthorVersionStatements``) of the same copy as
    /// ``values(of:accountJSON:handle:authority:now:)``, from `server`.
    package static func versionValues(
        of status: Status, accountJSON: Data, handle: String, authority: CopyAuthority, server: String, now: String
    ) -> [SQLArgument] {
        AuthorVersionStatements.values(
            of: status.account, accountJSON: accountJSON, handle: handle, authority: authority, server: server,
            seenAt: observedAt(status, authority: authority, now: now))
    }

    /// An author's `opted_out` column: whether the account object `accountJSON` (with its `note`) opts
    /// out of search (see ``ConsentPolicy/optedOut(accountJSON:note:)``).
    package static func optedOut(accountJSON: Data, note: String) -> Bool {
        ConsentPolicy.optedOut(accountJSON: accountJSON, note: note)
    }

    /// Whether an upsert of an author's row from a copy of `incoming` authority, opt-out and observation
    /// time can change the stored row only by its bytes: the same authority and opt-out as the stored
    /// row, and not a file's copy observed later than it (which moves `observed_at`). Then the bytes'
    /// digest decides, and a profile seen again unchanged need not be written (see ``onConflict(_:)``).
    package static func onlyBytesDecide(
        incoming: (authority: Int64, optedOut: Bool, observedAt: String),
        stored: (authority: Int64, optedOut: Bool, observedAt: String)
    ) -> Bool {
        let imported = Int64(CopyAuthority.imported.rawValue)
        return incoming.authority == stored.authority && incoming.optedOut == stored.optedOut
            && (incoming.authority != imported || incoming.observedAt <= stored.observedAt)
    }

    /// The account object sliced from a status's bytes (empty when they have none).
    static func accountJSON(_ status: Data) -> Data {
        (try? RawJSON.value(forKey: "account", inObject: status)) ?? Data()
    }
}

extension CopyAuthority {
    /// The authority of an account's profile as `server` sent it to a reader of `authority`: the account's
    /// own server (its handle's domain, and the host of its `uri`, or of its `url` from servers older than
    /// Mastodon 4.2, which send no `uri`) speaks for it; any other server's copy is what it cached.
    package static func ofProfile(_ account: Account, servedBy server: String, reading authority: CopyAuthority)
        -> CopyAuthority
    {
        // Only a server's own accounts: one serving `victim@elsewhere` with a uri of its own host does not
        // become that account's server by saying so.
        let handle = account.fullHandle(servedBy: server)
        guard authority != .imported, let at = handle.lastIndex(of: "@"),
            handle[handle.index(after: at)...].caseInsensitiveCompare(server) == .orderedSame,
            let uri = account.uri ?? account.url, let host = authorityPart(of: uri),
            host.caseInsensitiveCompare(server) == .orderedSame
        else { return authority }
        return .origin
    }
}
