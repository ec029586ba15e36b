import Foundation

/// A status with everything an export writes about it: its JSON as archived, its earlier versions,
/// and the stored files of its media and its author's avatar.
public struct ExportRecord: Sendable, Hashable {
    package init(
        number: Int64, uri: String, raw: Data, server: String, localID: String?, createdAt: String,
        editedAt: String?, goneAt: String?, earlierVersions: [Data], editHistory: [Data] = [],
        attachments: [Attachment], avatar: StoredFile?, boosts: [ArchivedBoost] = [],
        emoji: [String: StoredFile] = [:]
    ) {
        self.number = number
        self.uri = uri
        self.raw = raw
        self.server = server
        self.localID = localID
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.goneAt = goneAt
        self.earlierVersions = earlierVersions
        self.editHistory = editHistory
        self.attachments = attachments
        self.avatar = avatar
        self.boosts = boosts
        self.emoji = emoji
    }

    /// A file in the media archive (`media/ab/cd/<sha256>.<ext>`).
    public struct StoredFile: Sendable, Hashable {
        public var sha256: String
        public var ext: String
        public var mime: String
        public var size: Int64

        public init(sha256: String, ext: String, mime: String, size: Int64) {
            self.sha256 = sha256
            self.ext = ext
            self.mime = mime
            self.size = size
        }
    }

    /// One attachment, by its position in the status, with what the media archive holds of it.
    public struct Attachment: Sendable, Hashable {
        package init(position: Int, original: ExportRecord.StoredFile?, preview: ExportRecord.StoredFile?) {
            self.position = position
            self.original = original
            self.preview = preview
        }

        public var position: Int
        public var original: StoredFile?
        public var preview: StoredFile?
    }

    public var number: Int64
    public var uri: String
    /// The status JSON exactly as the server sent it.
    public var raw: Data
    /// The server `raw` came from, and the status's id there.
    public var server: String
    public var localID: String?
    public var createdAt: String
    public var editedAt: String?
    /// When the server said it is gone (404/410, a `delete` event).
    public var goneAt: String?
    /// How that was learned (`stream`, `recheck`, `fetch`).
    public var goneVia: DeletionSource?
    /// When its text and media were removed (`deletions: redact`); only a tombstone is left.
    public var redactedAt: String?
    /// When this archive first stored it, and last stored a copy of it (`nil` when not read).
    public var firstSeenAt: String?
    public var updatedAt: String?
    /// Earlier versions of an edited status, oldest first, exactly as archived.
    public var earlierVersions: [Data]
    /// Every version of its edit history as its server served it, oldest first (empty when not fetched).
    public var editHistory: [Data] = []
    public var attachments: [Attachment]
    public var avatar: StoredFile?
    /// Who boosted it, as archived (oldest first).
    public var boosts: [ArchivedBoost] = []
    /// The stored files of the custom emoji it uses, by shortcode.
    public var emoji: [String: StoredFile] = [:]
    /// Where it came from: syncs, fetches, imports (see `ArchiveStore.provenance(of:)`).
    public var sources: [StatusProvenance] = []
}
