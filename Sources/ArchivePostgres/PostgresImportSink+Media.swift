import ArchiveCore
import Foundation
import Logging
import PostgresNIO

/// The media files an import holds in its transaction until it knows which a post names (see
/// ``ImportSink/holdMedia(_:placedNew:)``): temporary tables of the transaction's connection, dropped when
/// it commits or rolls back.
extension PostgresImportSink {
    static func createMediaTables(_ connection: PostgresConnection, _ logger: Logger) async throws {
        for sql in ImportMediaStatements.create(prefix: "CREATE TEMP TABLE", suffix: " ON COMMIT DROP") {
            try await connection.execute(sql, logger: logger)
        }
    }

    func holdMedia(_ media: ImportedMedia, placedNew: Bool) throws {
        let logger = self.logger
        try bridge.call { connection in
            try await connection.execute(
                PostgresDialect().statement(ImportMediaStatements.hold),
                [
                    .text(media.url), .text(media.sha256), .text(media.ext), .int(media.size), .text(media.mime),
                    .int(placedNew ? 1 : 0),
                ], logger: logger)
        }
    }

    func nameMedia(_ urls: [String]) throws {
        guard !urls.isEmpty else { return }
        let logger = self.logger
        try bridge.call { connection in
            try await connection.execute(
                "INSERT INTO import_media_names(url) SELECT DISTINCT unnest($1::text[]) ON CONFLICT(url) DO NOTHING",
                [.textArray(urls)], logger: logger)
        }
    }

    func heldMedia(after position: Int64, limit: Int) throws -> [HeldMedia] {
        let logger = self.logger
        return try bridge.call { connection in
            try await connection.rows(
                PostgresDialect().statement(ImportMediaStatements.held), [.int(position), .int(Int64(limit))],
                logger: logger
            ).map { row in
                HeldMedia(
                    position: try row.int64("seq"),
                    media: ImportedMedia(
                        url: try row.string("url"), sha256: try row.string("sha256"), size: try row.int64("size"),
                        mime: try row.string("mime"), ext: try row.string("ext")),
                    placedNew: try row.int64("placed_new") != 0, named: try row.int64("named") != 0,
                    bytesNamed: try row.int64("bytes_named") != 0)
            }
        }
    }
}
