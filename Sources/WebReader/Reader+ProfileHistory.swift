import ArchiveCore
import Export
import Foundation

extension Reader {
    /// How many of an author's profile versions the account page names, newest first.
    static let profileVersionsShown = 5

    /// A brief history of `handle`'s profile (issue 44) for the account page: when it changed, and what
    /// it was called then, and whose copy said so (a file's, or which server's); nothing when the archive
    /// keeps one version or none.
    func profileHistory(of handle: String) async throws -> HTML {
        let versions = try await store.profileVersions(of: handle)
        guard versions.count > 1 else { return HTML() }
        let items = versions.reversed().prefix(Self.profileVersionsShown).enumerated().map { index, version in
            let name = version.displayName.isEmpty ? "@\(version.acct)" : version.displayName
            let when: HTML =
                index == versions.count - 1
                ? "first seen \(version.firstSeenAt.prefix(10))"
                : "profile changed on \(version.firstSeenAt.prefix(10))"
            let consent: HTML = version.optedOut ? " · opted out of search" : ""
            let current: HTML = version.current ? " (current)" : ""
            // Whose word each version is: a file's copy or another server's is not the account's own.
            let source: HTML =
                version.source == "file"
                ? " <span class=\"who\">(from an imported file)</span>"
                : " <span class=\"who\">(as \(version.server) showed it\(version.source == "origin" ? ", its own server" : ""))</span>"
            return "<li>\(when): \(name)\(consent)\(current)\(source)</li>" as HTML
        }
        return "<details class=\"profile-history\"><summary>Profile history: \(versions.count) versions</summary>"
            + "<ul>\(items.joined())</ul></details>\n"
    }
}
