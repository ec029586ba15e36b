import ArchiveCore
import Foundation

/// Renders archived statuses as the archive's Mastodon API gives them (issue 45): the JSON their
/// servers sent, with every id a client follows moved into the archive's own id space — the status's
/// (``APIStatusID``), its parent's and the parent's author's, the accounts' (their full handles), the
/// boosted post, mentions — and attachments that the media archive holds pointing at its copy.
/// What the archive cannot name (a parent it never received) is `null`, never another server's id.
struct APIStatusRenderer {
    /// The posts the rows boost, by uri.
    var boosted: [String: ParsedStatus] = [:]
    /// The statuses replied to, by the replying status's server (lower case) and that server's id.
    var parents: [ServerID: (key: APIStatusKey, author: String)] = [:]
    /// The media archive's file for each attachment URL it holds.
    var media: [String: String] = [:]
    /// The URLs among them whose file is a copy (a file's or another Icebox's), not their server's.
    var copies: Set<String> = []
    /// The address a client loads a kept file from, by its hash.
    var mediaAddress: @Sendable (String) -> String

    struct ServerID: Hashable {
        var server: String
        var id: String
    }

    /// The status as a JSON object; `nil` when it boosts a post the archive does not hold. `nested`: it is
    /// the post a boost boosts, which Mastodon never makes a boost itself: its own `reblog` is `null`, so
    /// two rows boosting each other (a file could claim it) cannot send the rendering round for ever.
    func object(_ status: ParsedStatus, nested: Bool = false) -> [String: Any]? {
        let row = status.row
        var object = status.object
        object["id"] = APIStatusID.string(row.key)
        if let account = object["account"] as? [String: Any] {
            object["account"] = APIAccountObject.rendered(account, server: row.rawServer, handle: row.authorHandle)
        }
        if let reblogURI = row.reblogURI, !nested {
            guard let original = boosted[reblogURI], let rendered = self.object(original, nested: true) else {
                return nil
            }
            object["reblog"] = rendered
        } else if object["reblog"] != nil {
            object["reblog"] = NSNull()
        }
        let parentID = status.parentID.map { ServerID(server: row.rawServer.lowercased(), id: $0) }
        if let parent = parentID.flatMap({ parents[$0] }) {
            object["in_reply_to_id"] = APIStatusID.string(parent.key)
            object["in_reply_to_account_id"] = parent.author
        } else {
            object["in_reply_to_id"] = NSNull()
            object["in_reply_to_account_id"] = NSNull()
        }
        if let mentions = object["mentions"] as? [[String: Any]] {
            object["mentions"] = mentions.map { mention in
                var mention = mention
                if let acct = mention["acct"] as? String {
                    let handle = APIAccountObject.qualified(acct, server: row.rawServer)
                    mention["id"] = handle
                    mention["acct"] = handle
                }
                return mention
            }
        }
        if let attachments = object["media_attachments"] as? [[String: Any]] {
            object["media_attachments"] = attachments.map(attachment)
        }
        // A quoted post's ids are its server's: left out until the archive maps them.
        if object["quote"] != nil { object["quote"] = NSNull() }
        return object
    }

    /// An attachment whose file the archive keeps, pointing at the copy (`remote_url` keeps where it came
    /// from); a preview kept by its own URL likewise.
    private func attachment(_ attachment: [String: Any]) -> [String: Any] {
        var attachment = attachment
        // The file kept for the origin's URL or for the one it was served from (a sync tries the origin's
        // first, and keeps only the first that answers), as `media_attachment_files` chooses: the origin's
        // unless it is a copy and the other is its server's own, so a copy never hides a server's file.
        let url = attachment["url"] as? String
        let remote = (attachment["remote_url"] as? String).flatMap { media[$0] == nil ? nil : $0 }
        let served = url.flatMap { media[$0] == nil ? nil : $0 }
        var chosen = remote ?? served
        if let remote, copies.contains(remote), let served, !copies.contains(served) { chosen = served }
        if let hash = chosen.flatMap({ media[$0] }) {
            attachment["url"] = mediaAddress(hash)
            if attachment["remote_url"] == nil || attachment["remote_url"] is NSNull { attachment["remote_url"] = url }
        }
        if let preview = attachment["preview_url"] as? String, let hash = media[preview] {
            attachment["preview_url"] = mediaAddress(hash)
        }
        return attachment
    }
}
