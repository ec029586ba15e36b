import Foundation

/// The settings of the relation walk (issue 44): `icebox config graph on|off` and
/// `icebox config graph-every DURATION`.
extension StoreSettings {
    /// Whether a sync walks each account's relations: on unless switched off.
    public func walksRelations() async throws(ArchiveError) -> Bool {
        try await setting("graph") != "off"
    }

    /// Switches the relation walk on or off.
    public func setWalksRelations(_ on: Bool) async throws(ArchiveError) {
        try await setSetting("graph", on ? "on" : "off")
    }

    /// The least time between two walks of one kind of one account: a day unless set.
    public func relationWalkInterval() async throws(ArchiveError) -> TimeInterval {
        try await setting("graph-every").flatMap(TimeInterval.init) ?? 86_400
    }

    /// Sets the least time between two walks, in seconds.
    public func setRelationWalkInterval(_ seconds: TimeInterval) async throws(ArchiveError) {
        try await setSetting("graph-every", String(Int(seconds)))
    }
}
