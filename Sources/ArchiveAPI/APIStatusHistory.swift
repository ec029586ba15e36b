import ArchiveCore
import Foundation

/// The edit history of a status as the API gives it (`/api/v1/statuses/:id/history`): each version its
/// server's history served, with the account given the archive's id.
public enum APIStatusHistory {
    /// The versions, oldest first; when the archive holds no history, the status as its one version (as
    /// Mastodon answers for a post never edited). For another Icebox (`mirror`), the kept versions byte
    /// for byte and nothing else (``MirrorExtension``).
    public static func data(versions: [Data], current row: APIStatusRow, mirror: Bool = false) -> Data {
        if mirror { return APIStatusMirror.history(versions) }
        var objects = versions.compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
        if objects.isEmpty, let status = (try? JSONSerialization.jsonObject(with: row.raw)) as? [String: Any] {
            let keys = [
                "content", "spoiler_text", "sensitive", "created_at", "account", "poll", "media_attachments", "emojis",
            ]
            objects = [status.filter { keys.contains($0.key) }]
        }
        let rendered = objects.map { version -> [String: Any] in
            var version = version
            if let account = version["account"] as? [String: Any] {
                version["account"] = APIAccountObject.rendered(account, server: row.rawServer)
            }
            return version
        }
        return APIJSON.data(rendered)
    }
}
