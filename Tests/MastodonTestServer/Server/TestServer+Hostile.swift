import Foundation

extension TestServer {
    /// Turns hostile behaviours on or off while the server runs (see ``HostileModes``).
    public func setHostile(_ modes: HostileModes) async { await state.setHostile(modes) }
}

extension ServerState {
    func setHostile(_ modes: HostileModes) { config.hostile = modes }
}
