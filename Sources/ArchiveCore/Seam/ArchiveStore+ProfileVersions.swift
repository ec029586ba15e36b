import Foundation
import Models

/// The versions of authors' profiles (issue 44), read once over the store's ``StoreExecutor``.
extension ArchiveStore {
    /// The versions of `handle`'s profile, oldest first (by when each was first seen); empty when the
    /// archive has no profile of it.
    public func profileVersions(of handle: String) async throws(ArchiveError) -> [ProfileVersion] {
        let plan: TransactionPlan<[ProfileVersion]> = .fetch(
            SQLStatement("SELECT raw_json FROM authors WHERE handle = ?1", .text(handle)), { try $0.bytes("raw_json") }
        ) { current in
            let currentDigest = current.first.flatMap { raw in
                (try? JSONDecoder().decode(Account.self, from: raw)).map {
                    AuthorVersionStatements.Content($0, accountJSON: raw).digest
                }
            }
            return .fetch(
                SQLStatement(
                    """
                    SELECT digest, display_name, note, fields, avatar, header, bot, locked, indexable, discoverable,
                        first_seen_at, last_seen_at, CAST(authority AS bigint) AS authority, server, raw_json,
                        \(ProfileMediaStatements.file(.avatar)), \(ProfileMediaStatements.file(.header))
                    FROM author_versions WHERE handle = ?1 ORDER BY first_seen_at, id
                    """, .text(handle)),
                { row in try Self.profileVersion(row, handle: handle, currentDigest: currentDigest) }
            ) { .done($0) }
        }
        return try await executor.read(plan)
    }

    private static func profileVersion(_ row: any ColumnReading, handle: String, currentDigest: String?) throws
        -> ProfileVersion
    {
        func flag(_ column: String) throws -> Bool? { try row.optionalInteger(column).map { $0 != 0 } }
        let note = try row.text("note")
        let fields =
            (try? JSONDecoder().decode([ProfileVersion.Field].self, from: Data(try row.text("fields").utf8))) ?? []
        return ProfileVersion(
            acct: handle, displayName: try row.text("display_name"), note: note, fields: fields,
            avatar: try row.optionalText("avatar"), header: try row.optionalText("header"),
            avatarSha256: try row.optionalText("avatar_file"), headerSha256: try row.optionalText("header_file"),
            bot: try row.integer("bot") != 0, locked: try row.integer("locked") != 0, indexable: try flag("indexable"),
            discoverable: try flag("discoverable"),
            optedOut: ConsentPolicy.optedOut(accountJSON: try row.bytes("raw_json"), note: note),
            firstSeenAt: try row.text("first_seen_at"), lastSeenAt: try row.text("last_seen_at"),
            source: (CopyAuthority(rawValue: Int(try row.integer("authority"))) ?? .imported).word,
            server: try row.text("server"), current: try row.text("digest") == currentDigest)
    }
}
