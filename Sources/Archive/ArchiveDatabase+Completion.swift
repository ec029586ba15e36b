import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Every archived author's `user@host`, sorted without case: what a front end completes `@` to.
    public func authorHandles() async throws(ArchiveError) -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: CompletionStatements.authorHandles(SQLiteDialect()))
        }
    }

    /// Every hashtag on an archived post, lower-case, sorted: what a front end completes `#` to.
    public func tagNames() async throws(ArchiveError) -> [String] {
        let lists = try await read { db in
            try String.fetchAll(db, sql: CompletionStatements.tagLists)
        }
        let names = Set(lists.flatMap { $0.split(separator: " ").map(String.init) })
        return names.sorted()
    }
}
