/// A store kept in one file that can be rewritten without the space its pages no longer use (SQLite's
/// `VACUUM`): what `icebox compact` runs. Space is left unused where rows were deleted or redacted, where a
/// migration dropped a column (the freed bytes stay inside the table's pages), and in indexes whose keys
/// arrive in no order (their pages are about two-thirds full). A sync never rewrites the file: that would
/// cost a sync's CPU again, every time.
///
/// A store on a server (PostgreSQL) does not implement it: its own (auto)`VACUUM` reuses the space.
public protocol ArchiveCompacting: Sendable {
    /// Merges the full-text indexes and rewrites the file whole, then empties the write-ahead log.
    /// Everything the archive holds reads as before. Refused with ``ArchiveError/noSpace(folder:needed:available:)``
    /// when the file's filesystem has less free space than the rewrite may use: checked before anything is
    /// written, and again before the rewrite (the indexes' merge then stays, which no reader can tell).
    func compact() async throws(ArchiveError) -> CompactionReport
}

/// What a compaction did: the archive's bytes on disk before and after (the file and its write-ahead log).
public struct CompactionReport: Sendable, Hashable, Encodable {
    /// The archive file.
    public var path: String
    /// The file's and its write-ahead log's bytes before.
    public var bytesBefore: Int64
    /// The same after.
    public var bytesAfter: Int64
    /// Whether the write-ahead log was emptied (not while another process reads an older snapshot: the
    /// log then keeps its size until no process has the archive open, or the next compaction).
    public var logEmptied: Bool

    /// A report of a compaction of `path`.
    public init(path: String, bytesBefore: Int64, bytesAfter: Int64, logEmptied: Bool) {
        self.path = path
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
        self.logEmptied = logEmptied
    }

    /// The bytes given back to the filesystem (0 when the archive grew, as a small one can by a page).
    public var bytesFreed: Int64 { max(0, bytesBefore - bytesAfter) }

    enum CodingKeys: String, CodingKey {
        case path
        case bytesBefore = "bytes_before"
        case bytesAfter = "bytes_after"
        case bytesFreed = "bytes_freed"
        case logEmptied = "log_emptied"
    }

    /// `--json`'s keys (docs/json.md), `bytes_freed` among them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(bytesBefore, forKey: .bytesBefore)
        try container.encode(bytesAfter, forKey: .bytesAfter)
        try container.encode(bytesFreed, forKey: .bytesFreed)
        try container.encode(logEmptied, forKey: .logEmptied)
    }
}
