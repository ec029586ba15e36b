import ArchiveCore
import Foundation
import GRDB
import Testing

@testable import Archive

/// The views for Datasette and sqlite3, on an archive built by sync: a full-text search through
/// `posts` finds what Icebox's search finds, with the text, timelines and raw JSON as text.
@Suite struct ArchiveViewTests {
    @Test func postsSearchedThroughTheIndexAreIceboxsResults() async throws {
        let s = try await SearchArchive.shared.value
        for word in ["eiffel", "mastodon", "swift"] {
            let rows = try await s.archive.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT uri, timelines, raw_json, typeof(raw_json) AS kind FROM posts
                        WHERE sort_key IN (SELECT rowid FROM statuses_fts WHERE statuses_fts MATCH ?)
                        """, arguments: ["\"\(word)\""]
                ).map { row in
                    [
                        row["uri"] as String, row["timelines"] as String? ?? "", row["raw_json"] as String? ?? "",
                        row["kind"] as String,
                    ]
                }
            }
            #expect(Set(rows.map { $0[0] }) == (try await s.find(word)), "\(word)")
            for row in rows {
                #expect(row[3] == "text", "raw_json reads as text")
                let object = try JSONSerialization.jsonObject(with: Data(row[2].utf8)) as? [String: Any]
                #expect(object?["uri"] as? String == row[0])
                #expect(!row[1].isEmpty, "seen somewhere")
            }
        }
        let media = try await s.archive.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post_media WHERE number IN (SELECT number FROM posts)") ?? 0
        }
        #expect(media == s.posts.values.reduce(0) { $0 + (($1["media_attachments"] as? [Any])?.count ?? 0) })
    }

    @Test func datasetteIsToldWhichIndexSearchesWhatAndByWhichKey() throws {
        let object = try JSONSerialization.jsonObject(with: DatasetteMetadata.document) as? [String: Any]
        let tables =
            ((object?["databases"] as? [String: Any])?["archive"] as? [String: Any])?["tables"] as? [String: Any]
        for table in ["statuses", "posts"] {
            let entry = tables?[table] as? [String: Any]
            #expect(
                entry?["fts_table"] as? String == "statuses_fts" && entry?["fts_pk"] as? String == "sort_key",
                "\(table)")
        }
    }
}
