import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Every archived author's `user@host`, sorted without case: what a front end completes `@` to.
    public func authorHandles() async throws(ArchiveError) -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: "SELECT handle FROM authors ORDER BY lower(handle), handle")
        }
    }

    /// Every hashtag on an archived post, lower-case, sorted: what a front end completes `#` to.
    public func tagNames() async throws(ArchiveError) -> [String] {
        let lists = try await read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT tag_names FROM statuses WHERE tag_names != ''")
        }
        let names = Set(lists.flatMap { $0.split(separator: " ").map(String.init) })
        return names.sorted()
    }
}
