import ArchiveCore
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The `metadata.json` Icebox writes beside the archive, for Datasette (0.65's format): its `?_search=`
/// finds the full-text index of `statuses` and of the `posts` view. Datasette cannot tell by itself:
/// the index is keyed by date (`sort_key`), not by the table's rowid, so it must be told `fts_pk`.
/// `datasette ~/.local/share/icebox` (the folder) reads it; or `datasette archive.sqlite -m metadata.json`.
public enum DatasetteMetadata {
    /// The file's name in the archive folder.
    public static let fileName = "metadata.json"

    /// The document, stable byte for byte (written again only when it differs).
    public static let document: Data = {
        let search: [String: Any] = ["fts_table": "statuses_fts", "fts_pk": "sort_key"]
        let tables: [String: Any] = [
            "statuses": search.merging([
                "description": "Every status Icebox archived, boosts included; raw_json as stored: where "
                    + "raw_account is set, the author's account object is {} (kept once in raw_accounts), and where "
                    + "raw_card is set, the preview card is {} (kept once in raw_cards); so are a boost's boosted post's "
                    + "account object and card where raw_boosted_account and raw_boosted_card are set. "
                    + "The status_json view has every status's JSON as sent."
            ]) { $1 },
            "status_json": ["description": "Every status's raw JSON byte for byte as its server sent it, as text."],
            "notifications": [
                "description": "Notifications kept; raw_json as stored: where raw_account and raw_status_account "
                    + "are set, the sender's account object and the status's author's are {} (kept once in "
                    + "raw_accounts). The notification_json view has each as served."
            ],
            "status_edits": [
                "description": "Versions of edit histories; raw_json as stored: where raw_account is set, the "
                    + "account object is {} (kept once in raw_accounts). The status_edit_json view has each as served."
            ],
            "notification_json": [
                "description": "Every notification kept, its raw JSON byte for byte as served, as text."
            ],
            "status_edit_json": [
                "description": "Every version of every edit history kept, its raw JSON byte for byte as served, "
                    + "as text."
            ],
            "posts": search.merging([
                "description": "Posts with author, text, url, visibility and the timelines they were seen in; "
                    + "raw_json as text. author_opted_out: the author asked not to be found by search."
            ]) { $1 },
            "post_media": ["description": "Media attachments with alt text and the file's path in the archive folder."],
        ]
        let object: [String: Any] = [
            "title": "Icebox archive",
            "description": "Mastodon timelines archived by Icebox. ?_search= uses the archive's own full-text index.",
            "databases": ["archive": ["tables": tables]],
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }()

    /// Writes the document into `folder` unless it is there already as it is (atomically: a reader
    /// never sees half of it). A folder that cannot be written is left alone.
    public static func write(into folder: URL) throws(ArchiveError) {
        let file = folder.appending(path: fileName)
        if (try? Data(contentsOf: file)) == document {
            // One an earlier Icebox wrote under the umask (0644) is its owner's only, as the folder's files are.
            try PrivateFile.restrict([file.path], holds: nil, logger: Logger(label: "icebox.datasette"))
            return
        }
        // Written whole beside it, 0600 whatever the umask, then renamed over it: never a half file.
        let temporary = folder.appending(path: ".\(fileName).\(getpid()).part")
        unlink(temporary.path)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotOpen(path: temporary.path, reason: String(cString: strerror(errno))) }
        let written = document.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let closed = close(fd)
        guard written == document.count, closed == 0, rename(temporary.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .cannotOpen(path: file.path, reason: reason)
        }
    }
}
