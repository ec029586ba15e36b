import ArchiveCore
import Foundation

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
                    + "raw_account is set, the author's account object is {} (kept once in raw_accounts). "
                    + "The status_json view has every status's JSON as sent."
            ]) { $1 },
            "status_json": ["description": "Every status's raw JSON byte for byte as its server sent it, as text."],
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
    public static func write(into folder: URL) throws {
        let file = folder.appending(path: fileName)
        if (try? Data(contentsOf: file)) == document { return }
        try document.write(to: file, options: .atomic)
    }
}
