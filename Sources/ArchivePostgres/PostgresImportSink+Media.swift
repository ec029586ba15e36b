import ArchiveCore
import Foundation
import Logging
import PostgresNIO

/// The media files an import holds in its transaction until it knows which a post names (see
/// ``ImportSink/holdMedia(_:placedNew:)``): temporary tables of the transaction's connection, dropped when
/// it commits or rolls back.
extension PostgresImportSink {
    static func createMediaTables(_ connection: PostgresConnection, _ logger: Logger) async throws {
        for sql in ImportMediaStatements.create(prefix: "CREATE TEMP TABLE", suffix: " ON COMMIT DROP") + [
            ImportWrittenStatements.create(prefix: "CREATE TEMP TABLE", suffix: " ON COMMIT DROP")
        ] {
            try await connection.execute(sql, logger: logger)
        }
    }

    /// Held files go to the connection 200 at a time (one round trip each), and before they are read.
    func holdMedia(_ media: ImportedMedia, placedNew: Bool) throws {
        if pendingHolds.add(media, placedNew: placedNew) >= 200 { try flushHolds() }
    }

    private func flushHolds() throws {
        let files = pendingHolds.take()
        guard !files.isEmpty else { return }
        let logger = self.logger
        try bridge.call { connection in
            try await connection.execute(
                """
                INSERT INTO import_held_media(seq, url, sha256, ext, size, mime, placed_new)
                SELECT (SELECT COALESCE(MAX(seq), 0) FROM import_held_media) + t.n, t.url, t.sha256, t.ext, t.size,
                    t.mime, t.placed_new
                FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::bigint[])
                    WITH ORDINALITY AS t(url, sha256, ext, size, mime, placed_new, n)
                """,
                [
                    .textArray(files.map(\.media.url)), .textArray(files.map(\.media.sha256)),
                    .textArray(files.map(\.media.ext)), .intArray(files.map(\.media.size)),
                    .textArray(files.map(\.media.mime)), .intArray(files.map { $0.placedNew ? 1 : 0 }),
                ], logger: logger)
        }
    }

    func nameMedia(_ urls: [String]) throws {
        guard !urls.isEmpty else { return }
        let logger = self.logger
        try bridge.call { connection in
            try await connection.execute(
                "INSERT INTO import_media_names(url) SELECT DISTINCT unnest($1::text[]) "
                    + ImportMediaStatements.nameConflict,
                [.textArray(urls)], logger: logger)
        }
    }

    func heldMedia(after position: Int64, limit: Int) throws -> [HeldMedia] {
        try flushHolds()
        let logger = self.logger
        return try bridge.call { connection in
            try await connection.rows(
                PostgresDialect().statement(ImportMediaStatements.held), [.int(position), .int(Int64(limit))],
                logger: logger
            ).map { try $0.decoded(as: HeldMedia.self) }
        }
    }
}

/// The files an import's body held and the connection has not been given yet (at most 200).
///
/// `@unchecked Sendable`: `files` is read and written under `lock`.
final class PendingHolds: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [(media: ImportedMedia, placedNew: Bool)] = []

    /// Adds a file; returns how many wait.
    func add(_ media: ImportedMedia, placedNew: Bool) -> Int {
        lock.withLock {
            files.append((media, placedNew))
            return files.count
        }
    }

    /// The files waiting, now given to the caller.
    func take() -> [(media: ImportedMedia, placedNew: Bool)] {
        lock.withLock {
            defer { files.removeAll(keepingCapacity: true) }
            return files
        }
    }
}
