import ArchiveCore
import Foundation

/// An archived status with its raw JSON read once, for everything a page needs of it: what it points
/// at (looked up for the whole page at once) and its rendering.
struct ParsedStatus {
    let row: APIStatusRow
    let object: [String: Any]

    /// `nil` when the raw JSON is not an object (a page leaves such a row out).
    init?(_ row: APIStatusRow) {
        guard let object = (try? JSONSerialization.jsonObject(with: row.raw)) as? [String: Any] else { return nil }
        self.row = row
        self.object = object
    }

    /// The id its server gives the post it replies to: as the archive records it for the server its raw
    /// JSON came from (for a status another Icebox served, that Icebox's id, while the raw JSON holds the
    /// original server's), else as the raw JSON says.
    var parentID: String? { row.parentID ?? object["in_reply_to_id"] as? String }

    /// The URLs of its attachments (where it was served from and its origin's) and their previews.
    var mediaURLs: [String] {
        let attachments = object["media_attachments"] as? [[String: Any]] ?? []
        return attachments.flatMap {
            [$0["remote_url"] as? String, $0["url"] as? String, $0["preview_url"] as? String].compactMap { $0 }
        }
    }

    /// Each of its media URLs the archive keeps a file for, with the file's hash (`media`: the page's).
    func keptMedia(_ media: [String: String]) -> [(url: String, sha256: String)] {
        var seen = Set<String>()
        return mediaURLs.compactMap { url in
            guard seen.insert(url).inserted, let hash = media[url] else { return nil }
            return (url, hash)
        }
    }
}
