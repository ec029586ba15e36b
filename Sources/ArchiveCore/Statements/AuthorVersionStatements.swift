import Crypto
import Foundation
import Models

/// The versions of authors' profiles (issue 44), one text for both stores: every distinct profile an
/// author was seen with (display name, bio, fields, avatar, header and the flags that say who may find
/// and follow them), with when it was first and last observed and the best copy it came from. Written
/// beside the author's row (see ``AuthorStatements``) by every copy that writes it, whether or not that
/// copy became the profile shown.
package enum AuthorVersionStatements {
    /// The table and the columns a version is written with, in the order of ``values(of:accountJSON:handle:authority:server:seenAt:)``.
    package static let target = """
        author_versions(handle, digest, display_name, note, fields, avatar, header, bot, locked, indexable,
            discoverable, raw_json, first_seen_at, last_seen_at, authority, server)
        """

    /// The hour of a timestamp (`YYYY-MM-DDTHH`): `last_seen_at` moves only to a later hour, so that the
    /// popular authors every page meets are not rewritten by every page.
    static func hour(_ column: String) -> String { "substr(\(column), 1, 13)" }

    /// What seeing a version again does: an earlier observation moves `first_seen_at` back, one in a later
    /// hour moves `last_seen_at` on, and a more authoritative copy becomes the version's source (its raw
    /// JSON, authority and server). Nothing is written otherwise (see ``moves(stored:incoming:)``).
    package static let onConflict = """
        ON CONFLICT(handle, digest) DO UPDATE SET
            first_seen_at = CASE WHEN excluded.first_seen_at < author_versions.first_seen_at
                THEN excluded.first_seen_at ELSE author_versions.first_seen_at END,
            last_seen_at = CASE WHEN excluded.last_seen_at > author_versions.last_seen_at
                THEN excluded.last_seen_at ELSE author_versions.last_seen_at END,
            raw_json = CASE WHEN excluded.authority > author_versions.authority
                THEN excluded.raw_json ELSE author_versions.raw_json END,
            server = CASE WHEN excluded.authority > author_versions.authority
                THEN excluded.server ELSE author_versions.server END,
            authority = CASE WHEN excluded.authority > author_versions.authority
                THEN excluded.authority ELSE author_versions.authority END
        WHERE excluded.first_seen_at < author_versions.first_seen_at
            OR \(hour("excluded.last_seen_at")) > \(hour("author_versions.last_seen_at"))
            OR excluded.authority > author_versions.authority
        """

    /// What a store holds of a version, to tell whether writing a copy of it changes anything.
    package struct Seen: Sendable, Hashable {
        package var firstSeenAt: String
        package var lastSeenAt: String
        package var authority: Int64

        package init(firstSeenAt: String, lastSeenAt: String, authority: Int64) {
            self.firstSeenAt = firstSeenAt
            self.lastSeenAt = lastSeenAt
            self.authority = authority
        }
    }

    /// Whether writing `incoming` over the stored `stored` changes it: the condition of ``onConflict``, for
    /// a store that leaves out what would not (PostgreSQL locks a row an upsert meets even when it writes
    /// nothing).
    package static func moves(stored: Seen?, incoming: Seen) -> Bool {
        guard let stored else { return true }
        return incoming.firstSeenAt < stored.firstSeenAt
            || incoming.lastSeenAt.prefix(13) > stored.lastSeenAt.prefix(13) || incoming.authority > stored.authority
    }

    /// The digest, the first/last seen and the authority of a version's values (as ``values(of:accountJSON:handle:authority:server:seenAt:)`` orders them).
    package static func seen(_ values: [SQLArgument]) -> (handle: String, digest: String, seen: Seen)? {
        guard values.count == 16, case .text(let handle) = values[0], case .text(let digest) = values[1],
            case .text(let first) = values[12], case .text(let last) = values[13], case .int(let authority) = values[14]
        else { return nil }
        return (handle, digest, Seen(firstSeenAt: first, lastSeenAt: last, authority: authority))
    }

    /// The version of `account` (its JSON `accountJSON`, byte for byte as the server sent it) as `handle`,
    /// observed at `seenAt`, from a copy of `authority` that `server` sent.
    package static func values(
        of account: Account, accountJSON raw: Data, handle: String, authority: CopyAuthority, server: String,
        seenAt: String
    ) -> [SQLArgument] {
        let content = Content(account, accountJSON: raw)
        return [
            .text(handle), .text(content.digest), .text(content.displayName), .text(content.note),
            .text(content.fields),
            .text(orNull: content.avatar), .text(orNull: content.header), .int(content.bot ? 1 : 0),
            .int(content.locked ? 1 : 0), .int(orNull: content.indexable.map { $0 ? 1 : 0 }),
            .int(orNull: content.discoverable.map { $0 ? 1 : 0 }), .bytes(raw), .text(seenAt), .text(seenAt),
            .int(Int64(authority.rawValue)), .text(server),
        ]
    }

    /// What makes a version: two copies with the same content are one version, whatever else differs
    /// (counts of posts and followers change with every post).
    struct Content: Encodable {
        var displayName: String
        var note: String
        var fields: String
        var avatar: String?
        var header: String?
        var bot: Bool
        var locked: Bool
        var indexable: Bool?
        var discoverable: Bool?

        init(_ account: Account, accountJSON raw: Data) {
            displayName = account.displayName
            note = account.note
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(Timestamp.string(date))
            }
            fields = (try? encoder.encode(account.fields)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            avatar = account.avatar
            header = account.header
            bot = account.bot
            locked = account.locked
            indexable = ConsentPolicy.flag("indexable", of: raw)
            discoverable = ConsentPolicy.flag("discoverable", of: raw)
        }

        /// SHA-256 over the content, in hex.
        var digest: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let bytes = (try? encoder.encode(self)) ?? Data()
            return SHA256.hash(data: bytes).lowercaseHex
        }
    }
}

extension AuthorVersionStatements {
    /// How many authors the first versions are written for at a time.
    static let backfillBatch = 200

    /// Gives every stored author a first version from its row (the migration that made the table runs
    /// this in its transaction), `backfillBatch` authors at a time in the order of their handles, so that
    /// memory stays bounded however many there are. Each version was first and last seen when the row
    /// was observed, from the row's authority, the server its handle names. A row whose JSON is not an
    /// account (never written so) gets none. Gives how many versions it wrote.
    package static func backfill(after handle: String = "", written: Int = 0) -> TransactionPlan<Int> {
        let read = SQLStatement(
            """
            SELECT handle, raw_json, observed_at, CAST(authority AS bigint) AS authority FROM authors
            WHERE handle > ?1 ORDER BY handle LIMIT ?2
            """, .text(handle), .int(Int64(backfillBatch)))
        return .fetch(
            read,
            { row in
                (
                    handle: try row.text("handle"), raw: try row.bytes("raw_json"), at: try row.text("observed_at"),
                    authority: try row.integer("authority")
                )
            }
        ) { rows in
            guard let last = rows.last?.handle else { return .done(written) }
            let versions = rows.compactMap { row -> [SQLArgument]? in
                guard let account = try? JSONDecoder().decode(Account.self, from: row.raw) else { return nil }
                let server = row.handle.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init)
                return values(
                    of: account, accountJSON: row.raw, handle: row.handle,
                    authority: CopyAuthority(rawValue: Int(row.authority)) ?? .imported, server: server ?? "",
                    seenAt: row.at)
            }
            let next = backfill(after: last, written: written + versions.count)
            guard !versions.isEmpty else { return next }
            var parameter = 0
            let tuples = versions.map { version in
                "("
                    + version.map { _ in
                        parameter += 1
                        return "?\(parameter)"
                    }.joined(separator: ", ") + ")"
            }
            let insert = SQLStatement(
                TableStatements.insert(into: target, tuples.joined(separator: ", ")) + " " + onConflict,
                arguments: versions.flatMap { $0 })
            return .statement(insert) { _ in next }
        }
    }
}
