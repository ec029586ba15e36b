import Foundation

/// What the archive does with a post its server deleted (`icebox config deletions`).
///
/// Either way the archive keeps a tombstone: the row with its uri, author, dates, and when and how the
/// deletion was learned. `keep` (the default) keeps everything else too, as an archive does; `redact`
/// honours the deletion: the text, the JSON's content, the full-text index entries and the media links
/// of the post (and of boosts of it) are removed, and `icebox media gc` then removes its files.
public enum DeletionPolicy: String, Sendable, CaseIterable, Codable {
    /// Deleted posts stay whole, marked gone (the default).
    case keep
    /// Deleted posts keep only a tombstone.
    case redact
}

/// How Icebox learned that a status is gone from its server.
public enum DeletionSource: String, Sendable, CaseIterable, Codable {
    /// A `delete` event of the streaming API (`icebox watch`).
    case stream
    /// `icebox sync --recheck` asked for it and the server answered 404 or 410.
    case recheck
    /// A thread fetched from its server (`icebox export --fetch`) no longer had it.
    case fetch
    /// Another Icebox it was synced from (issue 45) served it as deleted: that archive's tombstone.
    case mirror
}

extension DeletionSource {
    /// How it was learned, in words: "by a delete event of the stream".
    public var phrase: String {
        switch self {
        case .stream: "by a delete event of the streaming API"
        case .recheck: "by sync --recheck"
        case .fetch: "by fetching its thread"
        case .mirror: "from the Icebox archive it was mirrored from"
        }
    }
}
