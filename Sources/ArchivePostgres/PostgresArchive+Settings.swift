import ArchiveCore
import Foundation
import PostgresNIO

extension PostgresArchive {
    /// A store-wide setting (`settings` table), nil when never set.
    public func setting(_ name: String) async throws(ArchiveError) -> String? {
        try await decodingRows(PostgresDialect().statement(SettingsStatements.value), [.text(name)]) {
            try $0.string("value")
        }.first
    }

    /// Sets a store-wide setting.
    public func setSetting(_ name: String, _ value: String) async throws(ArchiveError) {
        try await execute(PostgresDialect().statement(SettingsStatements.set), [.text(name), .text(value)])
    }
}
