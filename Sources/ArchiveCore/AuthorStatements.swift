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

    /// What an upsert of an author's row does when the handle is held: replace the profile when the copy's
    /// authority is at least the stored one's and it says something new (a higher authority is recorded
    /// even for the same bytes).
    package static func onConflict(_ dialect: any SQLDialect) -> String {
        """
        ON CONFLICT(handle) DO UPDATE SET uri = excluded.uri, url = excluded.url,
            display_name = excluded.display_name, avatar = excluded.avatar, raw_json = excluded.raw_json,
            updated_at = excluded.updated_at, opted_out = excluded.opted_out, authority = excluded.authority
        WHERE excluded.authority > authors.authority
            OR (excluded.authority = authors.authority AND NOT (\(dialect.isSame("authors.raw_json", "excluded.raw_json"))))
        """
    }

    /// The row of `account`, whose JSON is sliced from the status bytes `raw`, as `handle`: the profile,
    /// whether it opted out of search (read from this copy, so an account that changes its mind is
    /// honoured as soon as a source as good as the last one shows it), and the copy's authority.
    package static func values(
        of account: Account, raw status: Data, handle: String, authority: CopyAuthority, now: String
    ) -> [SQLArgument] {
        let raw = (try? RawJSON.value(forKey: "account", inObject: status)) ?? Data()
        func text(_ value: String?) -> SQLArgument { value.map(SQLArgument.text) ?? .null }
        return [
            .text(handle), text(account.uri), text(account.url), text(account.displayName),
            text(account.avatar), .bytes(raw), .text(now),
            .bool(ConsentPolicy.optedOut(accountJSON: raw, note: account.note)), .int(Int64(authority.rawValue)),
        ]
    }
}

extension CopyAuthority {
    /// The authority of an account's profile as `server` sent it to a reader of `authority`: the account's
    /// own server (the host of its `uri`, or of its `url` from servers older than Mastodon 4.2, which send
    /// no `uri`) speaks for it; any other server's copy is what it cached.
    package static func ofProfile(_ account: Account, servedBy server: String, reading authority: CopyAuthority)
        -> CopyAuthority
    {
        guard authority != .imported, let uri = account.uri ?? account.url, let host = authorityPart(of: uri) else {
            return authority
        }
        return host.caseInsensitiveCompare(server) == .orderedSame ? .origin : authority
    }
}
