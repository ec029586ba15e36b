import Foundation

/// A status as the archive holds it, with what hangs off it.
public struct ArchivedStatus: Sendable, Hashable {
    package init(
        number: Int64, uri: String, raw: Data, server: String, localID: String?, versions: [Version],
        parent: Int64?, replies: [Int64], timelines: [String], goneAt: String?, editHistory: [Data] = [],
        otherCopies: [String] = []
    ) {
        self.number = number
        self.uri = uri
        self.raw = raw
        self.server = server
        self.localID = localID
        self.versions = versions
        self.parent = parent
        self.replies = replies
        self.timelines = timelines
        self.goneAt = goneAt
        self.editHistory = editHistory
        self.otherCopies = otherCopies
    }

    /// The archive's number for it.
    public var number: Int64
    public var uri: String
    /// The JSON as the server sent it.
    public var raw: Data
    /// The server `raw` came from, and this status's id there.
    public var server: String
    public var localID: String?
    /// Earlier versions (edits), oldest first.
    public var versions: [Version]
    /// The status it replies to, when archived.
    public var parent: Int64?
    /// Archived replies to it, oldest first.
    public var replies: [Int64]
    /// The pinned timelines it was seen in.
    public var timelines: [String]
    /// The server said it is gone (404/410, a `delete` event) at this time.
    public var goneAt: String?
    /// How that was learned (`stream`, `recheck`, `fetch`).
    public var goneVia: DeletionSource?
    /// When its text and media were removed (`deletions: redact`); only a tombstone is left.
    public var redactedAt: String?
    /// Every version of its edit history as its server served it, oldest first (empty when not fetched).
    public var editHistory: [Data] = []
    /// The servers whose copies of it were kept beside the one shown (they differ from it).
    public var otherCopies: [String] = []
    /// Where it came from: syncs, fetches, imports (see `ArchiveStore.provenance(of:)`).
    public var sources: [StatusProvenance] = []

    /// A version of an edited status as it was archived, and when a newer one replaced it. Decodes from
    /// a row of `status_versions` on either store, through `RowDecoder`: its coding keys are the columns.
    public struct Version: Sendable, Hashable, Decodable {
        package init(raw: Data, replacedAt: String) {
            self.raw = raw
            self.replacedAt = replacedAt
        }

        public var raw: Data
        public var replacedAt: String

        enum CodingKeys: String, CodingKey {
            case raw = "raw_json"
            case replacedAt = "replaced_at"
        }
    }
}
