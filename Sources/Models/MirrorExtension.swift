import Foundation

/// Icebox's extension of the Mastodon API for another Icebox syncing from an archive's `icebox serve`
/// (issue 45). A request that carries ``header`` with the value `1` gets, in each status of a page, a
/// member ``member``: `{"raw_server": "https://origin", "raw_json": {…}, "reblog": {…}, "media": […]}`,
/// where `raw_json` is the archived raw JSON byte for byte (the original server's bytes, not
/// re-serialized), ``goneAt`` is there when the archive keeps the post as deleted (a tombstone), `reblog`,
/// for a boost, is the same for the boosted post, and ``media`` lists the files
/// the archive keeps for the post's media URLs (`{"url", "sha256", "address"}`, the address where the
/// serving Icebox gives the file out). A status's `/history` is then its kept versions byte for byte.
/// Apps never send the header and never see it.
public enum MirrorExtension {
    /// The request header that asks for the member.
    public static let header = "X-Icebox-Mirror"
    /// The member's name in each status object.
    public static let member = "icebox"
    /// The response header that says a page was cut short of its bytes (``MirrorExtension``'s pages hold
    /// at most 8 MiB): it is then no short page that would end a catch-up.
    public static let cutHeader = "X-Icebox-Page-Cut"
    /// The member's list of kept files.
    public static let media = "media"
    /// When the serving archive learned that the post was deleted (its tombstone), in the member of the
    /// status or of the post it boosts.
    public static let goneAt = "gone_at"
}
