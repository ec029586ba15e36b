import Foundation
import Models

/// The statements that store a status of a page, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``); each store runs them in its own transaction (see `store(_:…)`), and
/// reads what to decide from with ``LookupStatements/held``.
package enum PageStoreStatements {
    /// Keeps the stored version before an edit replaces it: ?1 now, ?2 the status's number.
    package static func keepVersion(_ dialect: any SQLDialect) -> String {
        """
        INSERT INTO status_versions(status_id, edited_at, raw_json, replaced_at)
        SELECT id, edited_at, \(dialect.rawJSON(of: "statuses")), ?1 FROM statuses WHERE id = ?2
        """
    }
    /// Keeps the stored copy as a copy before a more authoritative one replaces it: ?1 now, ?2 the
    /// status's number.
    package static func keepStoredCopy(_ dialect: any SQLDialect) -> String {
        """
        INSERT INTO status_copies(status_id, server, authority, edited_at, raw_json, first_seen_at, last_seen_at)
        SELECT id, raw_server, raw_authority, COALESCE(edited_at, ''), \(dialect.rawJSON(of: "statuses")),
            updated_at, ?1
        FROM statuses WHERE id = ?2
        \(copyConflict)
        """
    }
    /// Keeps a copy that is not shown; the same server's copy of the same version is kept once, as last
    /// seen: ?1 the status's number, ?2 server, ?3 authority, ?4 edited at ('' when never), ?5 raw JSON, ?6 now.
    package static let keepCopy = """
        INSERT INTO status_copies(status_id, server, authority, edited_at, raw_json, first_seen_at, last_seen_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
        \(copyConflict)
        """
    private static let copyConflict = """
        ON CONFLICT(status_id, server, edited_at) DO UPDATE SET raw_json = excluded.raw_json,
            authority = excluded.authority, last_seen_at = excluded.last_seen_at
        """
    /// Records a status's id on a server: ?1 server, ?2 its id there, ?3 the status's number, ?4 the id
    /// it replies to there, ?5 whether a file named it (``PageOrigin/idsFromFile``).
    package static let serverID = "INSERT INTO \(serverIDColumns) VALUES (?1, ?2, ?3, ?4, ?5) " + serverIDConflict
    /// The table and columns of ``serverID``, for the stores' multi-row inserts.
    package static let serverIDColumns = "status_ids(server, local_id, status_id, in_reply_to_id, from_file)"
    /// The arguments of ``serverID`` for `status`, stored as number `statusID` from `origin`.
    package static func serverIDRow(_ status: Status, _ statusID: Int64, _ origin: PageOrigin) -> [SQLArgument] {
        [
            .text(origin.server), .text(status.id), .int(statusID), .text(orNull: status.inReplyToID),
            .bool(origin.idsFromFile),
        ]
    }
    /// What a server id written again does, one rule for both sources: the server's own word re-points
    /// it (and confirms one a file named); a file's word (`from_file` true) never displaces an id the
    /// archive holds, the server's or another file's (a file adds what the archive lacks, see
    /// ``ImportClaims``).
    package static let serverIDConflict = """
        ON CONFLICT(server, local_id) DO UPDATE SET status_id = excluded.status_id,
            in_reply_to_id = excluded.in_reply_to_id, from_file = excluded.from_file
        WHERE NOT excluded.from_file
        """
    /// Forgets a status's attachments before they are written again: ?1 its number.
    package static let deleteMedia = "DELETE FROM media_attachments WHERE status_id = ?1"
    /// The table and columns of ``insertMedia``, for the stores' multi-row inserts.
    package static let mediaTarget = """
        media_attachments(status_id, position, media_id, type, url, preview_url, remote_url, description,
            blurhash, width, height)
        """
    /// One attachment (see ``mediaArguments(of:_:)``).
    package static let insertMedia = "INSERT INTO \(mediaTarget) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"

    /// The arguments of ``insertMedia`` for each attachment of a status, in order.
    package static func mediaArguments(of statusID: Int64, _ status: Status) -> [[SQLArgument]] {
        status.mediaAttachments.enumerated().map { position, media in
            [
                .int(statusID), .int(Int64(position)), .text(media.id), .text(media.type.rawValue),
                .text(orNull: media.url), .text(orNull: media.previewURL), .text(orNull: media.remoteURL),
                .text(orNull: media.description), .text(orNull: media.blurhash),
                .int(orNull: media.meta?.original?.width.map(Int64.init)),
                .int(orNull: media.meta?.original?.height.map(Int64.init)),
            ]
        }
    }
}

extension TransactionPlan where Result == Void {
    /// Writes a status's attachments again, in order: those recorded for it are forgotten first (a status
    /// stored again, an edit), unless `isNew` (its row was just inserted, so it has none).
    package static func writingMedia(of statusID: Int64, _ status: Status, isNew: Bool = false) -> Self {
        .executing(
            (isNew ? [] : [SQLStatement(PageStoreStatements.deleteMedia, .int(statusID))])
                + PageStoreStatements.mediaArguments(of: statusID, status).map {
                    SQLStatement(PageStoreStatements.insertMedia, arguments: $0)
                })
    }
}
