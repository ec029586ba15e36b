import Foundation

/// Whether a sync asks who favourited and boosted the accounts' own posts (issue 44): `icebox config
/// reactions on|off`.
extension StoreSettings {
    /// Whether a sync asks the accounts' servers: off unless switched on (it costs requests).
    public func asksReactions() async throws(ArchiveError) -> Bool {
        try await setting("reactions") == "on"
    }

    /// Switches asking on or off.
    public func setAsksReactions(_ on: Bool) async throws(ArchiveError) {
        try await setSetting("reactions", on ? "on" : "off")
    }
}
