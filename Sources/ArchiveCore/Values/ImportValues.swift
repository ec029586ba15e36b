import Foundation
import Models

/// The file an import reads, for the statuses' provenance and for messages.
public struct ImportSource: Sendable, Hashable {
    /// `mastodon-export`, `mastodon-archive`, `mastodon-to-sqlite` or `jsonl`.
    public var format: String
    /// The file as given to `icebox import` (its name, not its contents, is recorded).
    public var file: String
    /// The host (with port) of the account whose history it is: the server the statuses' ids are from.
    public var server: String
    /// `user@host` of the account whose history the file says it is (Mastodon's export, mastodon-archive);
    /// `nil` when it names none. Only that account's posts from its own file are ever updated by a file
    /// (see ``ImportClaims``).
    public var account: String?

    public init(format: String, file: String, server: String, account: String? = nil) {
        self.format = format
        self.file = file
        self.server = server
        self.account = account
    }
}

/// A status read from an import, with the source's own object for it.
public struct ImportedStatus: Sendable, Hashable {
    /// The status as the archive keeps it (Mastodon API JSON: mapped from the source when the source
    /// is not in that shape).
    public var status: ArchivableStatus
    /// The source's own object, byte for byte (an ActivityPub object, a row as JSON); `nil` when it is
    /// `status.raw` itself.
    public var source: Data?
    /// Where in the file: `outbox.json`, `line 12`, `statuses[3]`.
    public var entry: String
    /// Whether the id in the status is the server's own (then it is recorded as the status's id there).
    public var hasServerID: Bool

    public init(status: ArchivableStatus, source: Data?, entry: String, hasServerID: Bool) {
        self.status = status
        self.source = source
        self.entry = entry
        self.hasServerID = hasServerID
    }
}

/// A status an import names only by uri: a favourite, a bookmark, a boost, or a post the file claims
/// for its account whose id is another server's.
public struct ImportedReference: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case favourite, bookmark, boost
        /// A post the file names as its account's (a `Create` in its outbox) whose id is on another
        /// server: the file is no word of that server's, so the post is neither filed under the account
        /// nor stored from the file. It is kept by uri, like a favourite, so that `--resolve` can fetch it
        /// from its origin as that server says it is. It is no mark of the user's (not a boost, and no
        /// exception to consent).
        case claimed

        /// Whether the archive counts it as the user's own mark on the post (`is:favourited`,
        /// `is:bookmarked`, the consent exceptions): every kind but `claimed`.
        public var marksThePost: Bool { self != .claimed }
    }

    /// `user@host` whose favourite, bookmark or boost it is.
    public var accountHandle: String
    public var kind: Kind
    /// The status named.
    public var uri: String
    /// A boost's own activity id and date.
    public var activityURI: String?
    public var publishedAt: String?
    /// A boost's visibility (public, unlisted, private), when known.
    public var visibility: String?
    /// Whether the archive holds the status named (filled when read back).
    public var resolved = false

    public init(
        accountHandle: String, kind: Kind, uri: String, activityURI: String? = nil, publishedAt: String? = nil,
        visibility: String? = nil
    ) {
        self.accountHandle = accountHandle
        self.kind = kind
        self.uri = uri
        self.activityURI = activityURI
        self.publishedAt = publishedAt
        self.visibility = visibility
    }
}

/// A media file an import stored in the media archive, and the attachment URL it is the file of.
public struct ImportedMedia: Sendable, Hashable {
    public var url: String
    public var sha256: String
    public var size: Int64
    public var mime: String
    public var ext: String

    public init(url: String, sha256: String, size: Int64, mime: String, ext: String) {
        self.url = url
        self.sha256 = sha256
        self.size = size
        self.mime = mime
        self.ext = ext
    }
}

/// A media file an import holds in its transaction (see ``ImportSink/holdMedia(_:placedNew:)``).
public struct HeldMedia: Sendable, Hashable {
    /// Its place in the order the files were held (from 1).
    public var position: Int64
    public var media: ImportedMedia
    /// Whether the import put the file in the media folder (it was not there before).
    public var placedNew: Bool
    /// Whether a post of the import names `media.url`.
    public var named: Bool
    /// Whether a post names the URL of a held file with the same bytes (this one's, or another's).
    public var bytesNamed: Bool

    public init(position: Int64, media: ImportedMedia, placedNew: Bool, named: Bool, bytesNamed: Bool) {
        self.position = position
        self.media = media
        self.placedNew = placedNew
        self.named = named
        self.bytesNamed = bytesNamed
    }
}

/// Where an archived status came from, as `icebox show` lists it.
public struct StatusProvenance: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Seen in a pinned timeline's sync.
        case sync
        /// Read outside any timeline (a thread completed with `--fetch`, a reference resolved).
        case fetch
        /// Read from a file by `icebox import`.
        case `import`
    }

    public var kind: Kind
    /// The timeline, server, or `format file (entry)`.
    public var detail: String

    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }
}

/// What an import's transaction is given to write with. Every call runs inside the one transaction of
/// ``ArchiveStore/importAtomically(_:_:)``: when the import fails, none of it is kept.
public protocol ImportSink {
    /// Stores statuses (deduplicated with what is archived by uri: an import never replaces a synced
    /// copy nor another account's post, and a sync replaces an imported one; see ``ImportClaims``) and
    /// keeps the unreadable ones with their bytes.
    func store(_ statuses: [ImportedStatus], unreadable: [UnreadableStatus]) throws -> StoreResult
    /// Records a media file already placed in the media archive as the file of `media.url`.
    func recordMedia(_ media: ImportedMedia) throws
    /// Holds a media file already placed in the media archive until the import knows whether a post names
    /// its URL: in the transaction (a table of its own; at most a batch of 200 waits in memory to be written
    /// together), not all in memory. See ``heldMedia(after:limit:)``.
    func holdMedia(_ media: ImportedMedia, placedNew: Bool) throws
    /// The attachment URLs posts of the import name (each may come more than once).
    func nameMedia(_ urls: [String]) throws
    /// The files held so far, in the order they were held, from just after `position`, at most `limit`;
    /// each says whether ``nameMedia(_:)`` named its URL, or the URL of a held file with the same bytes.
    func heldMedia(after position: Int64, limit: Int) throws -> [HeldMedia]
    /// Records favourites, bookmarks and boosts named by uri; returns how many were new.
    @discardableResult
    func recordReferences(_ references: [ImportedReference]) throws -> Int
    /// The uris the archive holds statuses under, by their ids on `server`: of `ids`, those it knows
    /// there (a server's ids, recorded by a sync or a file that carried them), keyed by id. For a file
    /// that has no uri of its own and would otherwise guess one (see ``ImportedStatus``).
    func archivedURIs(server: String, ids: [String]) throws -> [String: String]
    /// The file read, and the server whose statuses the sink writes now.
    var source: ImportSource { get set }
}

extension ImportSink {
    /// The same transaction's writer for the statuses of another server than the import's source names
    /// (a WARC capture holds the answers of several): its ``ImportSource/server`` is `server`.
    public func serving(_ server: String) -> any ImportSink {
        var sink = self
        sink.source.server = server
        return sink
    }
}
