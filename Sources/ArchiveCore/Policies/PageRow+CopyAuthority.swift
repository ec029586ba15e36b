import Foundation
import Models

/// A page's status as ``CopyAuthority`` sees it, for both stores' page writers: how authoritative the
/// copy is, whether it changes what the store holds, and its author's rows. The writers run what these
/// give; they decide nothing themselves.
extension PageRow {
    /// How authoritative this copy is, read as `origin` read it (see ``CopyAuthority/of(_:servedBy:reading:)``).
    package func authority(from origin: PageOrigin) -> CopyAuthority {
        CopyAuthority.of(status, servedBy: origin.server, reading: origin.authority)
    }

    /// The row's columns as `origin` read it: its author's handle there and the copy's authority.
    package func columns(from origin: PageOrigin) -> StatusRow {
        StatusRow(
            status, raw: raw, server: origin.server, authorHandle: status.account.fullHandle(servedBy: origin.server),
            authority: authority(from: origin))
    }

    /// Whether this copy, decided against the one the store holds (see ``CopyAuthority/decide``), changes
    /// nothing: neither replaces the row nor is kept beside it (a sync's overlap, a file imported again).
    package func changesNothing(over held: HeldCopy, from origin: PageOrigin, now: Date) -> Bool {
        CopyAuthority.decide(
            incoming: authority(from: origin), incomingEdit: status.editedAt, incomingContent: status.content,
            stored: held.authority, storedEdit: held.editedAt, storedContent: held.content, now: now) == .none
    }

    /// The author's profile row (see ``AuthorStatements``) and the version it is (see
    /// ``AuthorVersionStatements``), from this copy as `origin` read it: the profile's authority is that
    /// of its account's own server (``CopyAuthority/ofProfile(_:servedBy:reading:)``).
    package func authorRows(from origin: PageOrigin, now: String) -> (profile: [SQLArgument], version: [SQLArgument]) {
        let handle = status.account.fullHandle(servedBy: origin.server)
        let authority = CopyAuthority.ofProfile(status.account, servedBy: origin.server, reading: origin.authority)
        // The account object is found in the status's bytes once, for both rows.
        let accountJSON = AuthorStatements.accountJSON(raw)
        return (
            AuthorStatements.values(
                of: status, accountJSON: accountJSON, handle: handle, authority: authority, now: now),
            AuthorStatements.versionValues(
                of: status, accountJSON: accountJSON, handle: handle, authority: authority, server: origin.server,
                now: now)
        )
    }
}
