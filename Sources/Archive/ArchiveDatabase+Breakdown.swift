import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// The breakdown of every post, or of those seen in the timeline `timelineID`; `top` values per list.
    public func breakdown(timelineID: Int64? = nil, top: Int = 10) async throws(ArchiveError) -> ArchiveBreakdown {
        try await read { db in
            let inTimeline = timelineID != nil
            let arguments: StatementArguments = timelineID.map { [$0] } ?? []
            func counts(
                _ value: String, join: String = "", byName: Bool = false,
                all: Bool = false
            ) throws -> [ArchiveBreakdown.Count] {
                try Row.fetchAll(
                    db,
                    sql: BreakdownStatements.counts(
                        value, join: join, byName: byName, limit: all ? nil : top,
                        inTimeline: inTimeline, SQLiteDialect()),
                    arguments: arguments
                ).map { try $0.decoded(as: ArchiveBreakdown.Count.self) }
            }
            // Hashtags are normalized names of letters, digits and _ (see Hashtag), space-separated.
            let tags = """
                JOIN json_each('["' || replace(s.tag_names, ' ', '","') || '"]') t ON s.tag_names != '' AND t.value != ''
                """
            return ArchiveBreakdown(
                posts: try Int.fetchOne(
                    db, sql: BreakdownStatements.posts(inTimeline: inTimeline), arguments: arguments) ?? 0,
                hashtags: try counts("t.value", join: tags),
                authors: try counts("s.author_handle"),
                servers: try counts(BreakdownStatements.server(SQLiteDialect())),
                languages: try counts(BreakdownStatements.language),
                months: try counts(BreakdownStatements.month, byName: true, all: true))
        }
    }
}
