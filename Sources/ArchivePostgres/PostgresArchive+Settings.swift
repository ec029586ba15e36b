import ArchiveCore
import Foundation
import PostgresNIO

extension PostgresArchive {
    /// A store-wide setting (`settings` table), nil when never set.
    func setting(_ name: String) async throws(ArchiveError) -> String? {
        try await decodingRows("SELECT value FROM settings WHERE name = $1", [.text(name)]) { try $0.string("value") }
            .first
    }

    /// Sets a store-wide setting.
    func setSetting(_ name: String, _ value: String) async throws(ArchiveError) {
        try await execute(
            """
            INSERT INTO settings(name, value) VALUES ($1, $2)
            ON CONFLICT(name) DO UPDATE SET value = excluded.value
            """, [.text(name), .text(value)])
    }
}
