import Foundation
import Models

/// Counts for `icebox stats`.
public struct ArchiveStats: Codable, Hashable, Sendable {
    package init(
        statuses: Int, boosts: Int, authors: Int, accounts: Int, timelines: Int, mediaAttachments: Int,
        mediaFiles: Int, mediaBytes: Int64, mediaMissing: Int, editVersions: Int, unreadable: Int,
        otherCopies: Int, databaseBytes: Int64, oldest: String?, newest: String?
    ) {
        self.statuses = statuses
        self.boosts = boosts
        self.authors = authors
        self.accounts = accounts
        self.timelines = timelines
        self.mediaAttachments = mediaAttachments
        self.mediaFiles = mediaFiles
        self.mediaBytes = mediaBytes
        self.mediaMissing = mediaMissing
        self.editVersions = editVersions
        self.unreadable = unreadable
        self.otherCopies = otherCopies
        self.databaseBytes = databaseBytes
        self.oldest = oldest
        self.newest = newest
    }

    /// Rows in the archive: posts and boosts.
    public var statuses: Int
    /// Of which boosts.
    public var boosts: Int
    /// Distinct authors seen.
    public var authors: Int
    /// The user's own accounts.
    public var accounts: Int
    /// Pinned timelines.
    public var timelines: Int
    /// Media attachments described by the archived statuses.
    public var mediaAttachments: Int
    /// Files in the media archive (each distinct content once) and their total size.
    public var mediaFiles: Int
    public var mediaBytes: Int64
    /// Attachments whose file is not stored (not fetched yet, or every URL for it failed).
    public var mediaMissing: Int
    /// Earlier versions kept of edited statuses (as archived, and from servers' edit histories).
    public var editVersions: Int
    /// Statuses kept unreadable with their bytes and not archived since (`icebox unreadable`).
    public var unreadable: Int
    /// Other servers' copies of archived posts kept beside the one shown.
    public var otherCopies: Int
    /// The database file with its WAL, in bytes.
    public var databaseBytes: Int64
    @EncodedAsNull public var oldest: String?
    @EncodedAsNull public var newest: String?
}
