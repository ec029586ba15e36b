import Foundation

/// The images of profile versions (issue 44, `schema/0031_profile_media.sql`), one text for both stores:
/// which avatars and headers the media archive still has to fetch, and which file each version keeps.
/// A version's image is fetched as any other media (by its address, into the content-addressed folder,
/// recorded in `media_downloads`), then the version keeps the file's hash (`avatar_sha256`,
/// `header_sha256`) for good.
package enum ProfileMediaStatements {
    /// A profile image of a version: its column of the address and of the file kept.
    package enum Image: String, Sendable, CaseIterable {
        case avatar, header

        /// The column of the file's hash.
        var kept: String { rawValue + "_sha256" }
    }

    /// The addresses of `image` of the versions still to fetch (column `u`): of the archiving accounts'
    /// own versions only (`ownOnly`), or of every author's.
    package static func pending(_ image: Image, ownOnly: Bool) -> String {
        let column = "v.\(image.rawValue)"
        let own = ownOnly ? "\n  AND v.handle IN (SELECT handle FROM archiving_accounts)" : ""
        return """
            SELECT DISTINCT \(column) AS u FROM author_versions v
            WHERE \(column) IS NOT NULL AND \(column) <> '' AND v.\(image.kept) IS NULL\(own)
              AND NOT EXISTS (\(MediaStatements.stored) \(column))
            """
    }

    /// The stored file of an address, as a server served it (a file's copy not yet asked of the server,
    /// `from_file` 1, is not the server's image).
    private static func storedFile(of column: String) -> String {
        """
        SELECT d.sha256 FROM media_downloads d
        WHERE d.url = \(column) AND d.state = 'stored' AND d.from_file <> 1 AND d.sha256 IS NOT NULL
        """
    }

    /// Gives every version whose `image` is stored and not kept yet the file's hash. A kept hash never
    /// moves: a server that serves other bytes at the same address later changes no older version.
    package static func keep(_ image: Image) -> String {
        let address = "author_versions.\(image.rawValue)"
        return """
            UPDATE author_versions SET \(image.kept) = (\(storedFile(of: address)))
            WHERE \(image.kept) IS NULL AND \(address) IS NOT NULL AND EXISTS (\(storedFile(of: address)))
            RETURNING id
            """
    }

    /// The file a version's `image` is kept as, in a read of `author_versions` (column `<image>_file`):
    /// the hash it keeps, or else the file its address is stored as (kept before the version was
    /// linked to it, or by a media fetch that has not linked it yet).
    package static func file(_ image: Image) -> String {
        """
        COALESCE(\(image.kept), (SELECT d.sha256 FROM media_downloads d
            WHERE d.url = author_versions.\(image.rawValue) AND d.state = 'stored')) AS \(image.rawValue)_file
        """
    }
}
