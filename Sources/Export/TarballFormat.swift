import Foundation

/// The container an export is written in.
public enum TarballFormat: String, Sendable, CaseIterable, Codable {
    /// An uncompressed tar.
    case tar
    /// gzip-compressed tar (the default).
    case tarGz = "tar.gz"
    /// zstd-compressed tar.
    case tarZst = "tar.zst"
    /// A ZIP (what Mastodon's own account export is).
    case zip

    /// The format a file name asks for by its extension (`.tar`, `.tar.gz`/`.tgz`, `.tar.zst`/`.tzst`, `.zip`),
    /// or `nil` when it names none.
    public init?(fileName: String) {
        let name = fileName.lowercased()
        if name.hasSuffix(".tar.gz") || name.hasSuffix(".tgz") {
            self = .tarGz
        } else if name.hasSuffix(".tar.zst") || name.hasSuffix(".tzst") {
            self = .tarZst
        } else if name.hasSuffix(".tar") {
            self = .tar
        } else if name.hasSuffix(".zip") {
            self = .zip
        } else {
            return nil
        }
    }
}
