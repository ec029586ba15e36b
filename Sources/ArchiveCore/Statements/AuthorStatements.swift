import Foundation
import Models

/// The upsert of an author's profile, one text for both stores: the profile as last seen from a source at
/// least as authoritative as the stored one's (see ``CopyAuthority``). The profile carries the account's
/// opt-out of search (see ``ConsentPolicy``), so an older copy inside a file or a capture, or a copy
/// another server cached, never lifts an opt-out the account's own server or the user's showed.
package enum AuthorStatements {
    /// The table and the columns an author's row is written with, in the order of ``values(of:raw:handle:authority:now:)``.
    package static let target =
        "authors(handle, uri, url, display_name, avatar, raw_json, updated_at, opted_out, authority)"

    /// What an upsert of an author's row does when the handle is held. A copy at least as authoritative as
    /// the stored one replaces the profile when it says something new (a higher authority is recorded even
    /// for the same bytes). A less authoritative copy from a server may only add an opt-out: an author who
    /// opts out is honoured from any server's copy, while lifting an opt-out needs a copy as good as the one
    /// that showed it. A file's copy adds nothing to a profile a server sent.
    package static func onConflict(_ dialect: any SQLDialect) -> String {
        let better = "excluded.authority >= authors.authority"
        func fromBetter(_ column: String) -> String {
            "\(column) = CASE WHEN \(better) THEN excluded.\(column) ELSE authors.\(column) END"
        }
        let columns = ["uri", "url", "display_name", "avatar", "raw_json", "updated_at", "authority"]
        return """
            ON CONFLICT(handle) DO UPDATE SET \(columns.map(fromBetter).joined(separator: ", ")),
                opted_out = CASE WHEN \(better) THEN excluded.opted_out ELSE excluded.opted_out OR authors.opted_out END
            WHERE excluded.authority > authors.authority
                OR (excluded.authority = authors.authority
                    AND (NOT (\(dialect.isSame("authors.raw_json", "excluded.raw_json")))
                        OR excluded.opted_out <> authors.opted_out))
                OR (excluded.authority < authors.authority AND excluded.authority > \(CopyAuthority.imported.rawValue)
                    AND \(dialect.isTrue("excluded.opted_out")) AND NOT \(dialect.isTrue("authors.opted_out")))
            """
    }

    /// The row of `account`, whose JSON is sliced from the status bytes `raw`, as `handle`: the profile,
    /// whether it opted out of search (read from this copy, so an account that changes its mind is
    /// honoured as soon as a source as good as the last one shows it), and the copy's authority.
    package static func values(
        of account: Account, raw status: Data, handle: String, authority: CopyAuthority, now: String
    ) -> [SQLArgument] {
        let raw = (try? RawJSON.value(forKey: "account", inObject: status)) ?? Data()
        return [
            .text(handle), .text(orNull: account.uri), .text(orNull: account.url), .text(orNull: account.displayName),
            .text(orNull: account.avatar), .bytes(raw), .text(now),
            .bool(ConsentPolicy.optedOut(accountJSON: raw, note: account.note)), .int(Int64(authority.rawValue)),
        ]
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
