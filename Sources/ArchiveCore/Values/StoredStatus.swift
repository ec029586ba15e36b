import Foundation

/// A `statuses` row as a status's lookup (``ArchivedStatus``) and its export (``ExportRecord``) read it,
/// decoded through ``RowDecoder`` on either store: the columns, named as the schema names them.
package struct StoredStatus: Decodable, Sendable {
    package var uri: String
    /// The JSON as its server sent it.
    package var raw: Data
    /// The server `raw` came from.
    package var server: String
    /// The status's id on that server, when the statement reads it (`ExportStatements.status` does).
    package var localID: String?
    package var createdAt: String
    package var editedAt: String?
    package var goneAt: String?
    /// How its deletion was learned, as stored (see ``goneVia``).
    package var goneViaName: String?
    package var redactedAt: String?
    /// When this archive first stored it, and last stored a copy of it (when the statement reads them).
    package var firstSeenAt: String?
    package var updatedAt: String?

    /// How its deletion was learned; `nil` for a source this Icebox does not know.
    package var goneVia: DeletionSource? { goneViaName.flatMap(DeletionSource.init(rawValue:)) }

    enum CodingKeys: String, CodingKey {
        case uri
        case raw = "raw_json"
        case server = "raw_server"
        case localID = "local_id"
        case createdAt = "created_at"
        case editedAt = "edited_at"
        case goneAt = "gone_at"
        case goneViaName = "gone_via"
        case redactedAt = "redacted_at"
        case firstSeenAt = "first_seen_at"
        case updatedAt = "updated_at"
    }
}
