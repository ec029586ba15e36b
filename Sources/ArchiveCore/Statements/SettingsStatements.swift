import Foundation

/// The archive-wide settings (`settings` table), one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum SettingsStatements {
    /// A setting's value: ?1 its name.
    package static let value = "SELECT value FROM settings WHERE name = ?1"
    /// Sets a setting: ?1 its name, ?2 its value.
    package static let set = """
        INSERT INTO settings(name, value) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET value = excluded.value
        """
}
