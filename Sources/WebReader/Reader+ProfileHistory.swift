import ArchiveCore
import Export
import Foundation

extension Reader {
    /// How many of an author's profile versions the account page names, newest first.
    static let profileVersionsShown = 5

    /// The top of `handle`'s account page (issue 44): the current profile's header and avatar as the
    /// media archive keeps them, and a brief history of the profile: when it changed, and what it was
    /// called then (with the avatar it had), and whose copy said so (a file's, or which server's); no
    /// history when the archive keeps one version or none.
    func profileHistory(of handle: String) async throws -> HTML {
        let versions = try await store.profileVersions(of: handle)
        let shown = versions.last(where: \.current) ?? versions.last
        let images =
            Self.keptImage(shown?.headerSha256, "header") + Self.keptImage(shown?.avatarSha256, "avatar")
        let top: HTML = images.isEmpty ? HTML() : "<div class=\"profile-images\">\(images)</div>\n"
        guard versions.count > 1 else { return top }
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
            let avatar = Self.keptImage(version.avatarSha256, "avatar")
            return "<li>\(avatar)\(avatar.isEmpty ? "" : " ")\(when): \(name)\(consent)\(current)\(source)</li>" as HTML
        }
        return top + "<details class=\"profile-history\"><summary>Profile history: \(versions.count) versions</summary>"
            + "<ul>\(items.joined())</ul></details>\n"
    }

    /// A profile image the media archive keeps, from the reader's own `/media/<sha256>` (never the
    /// server's address: the page reaches no other host); nothing when it is not kept.
    static func keptImage(_ sha256: String?, _ kind: String) -> HTML {
        guard let sha256 else { return HTML() }
        return "<img class=\"\(kind)\" src=\"/media/\(sha256)\" alt=\"\(kind)\">"
    }
}
