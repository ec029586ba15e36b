import Foundation
import Models

/// The store's named settings (its `settings` table), and the policies kept there, written once for
/// both stores over the two primitives each store implements.
public protocol StoreSettings: Sendable {
    /// A store-wide setting, nil when never set.
    func setting(_ name: String) async throws(ArchiveError) -> String?
    /// Sets a store-wide setting.
    func setSetting(_ name: String, _ value: String) async throws(ArchiveError)
}

extension ArchiveStore {
    /// What the store does with deleted posts (`icebox config deletions`): `.keep` unless set.
    public func deletionPolicy() async throws(ArchiveError) -> DeletionPolicy {
        try await setting("deletions").flatMap(DeletionPolicy.init(rawValue:)) ?? .keep
    }

    /// Sets the deletion policy; `redact` at once redacts the statuses already marked gone.
    public func setDeletionPolicy(_ policy: DeletionPolicy) async throws(ArchiveError) {
        try await setSetting("deletions", policy.rawValue)
        if policy == .redact { try await redactGone() }
    }

    /// Redacts what is marked gone when the deletion policy says so (`redact`): what a flow that marks
    /// posts gone outside ``markGone(_:reportedBy:at:via:)`` (another Icebox's tombstones, kept with a
    /// page) runs after it.
    public func applyDeletionPolicy() async throws(ArchiveError) {
        if try await deletionPolicy() == .redact { _ = try await redactGone() }
    }

    /// ``applyDeletionPolicy()`` when `statuses`, just stored, carried another Icebox's tombstones.
    public func applyDeletionPolicy(afterStoring statuses: [ArchivableStatus]) async throws(ArchiveError) {
        guard statuses.contains(where: { !$0.mirroredTombstones.isEmpty }) else { return }
        try await applyDeletionPolicy()
    }

    /// The consent setting (`icebox config search-consent`): `.honoured` unless switched off.
    public func consentPolicy() async throws(ArchiveError) -> ConsentPolicy {
        try await setting("search-consent").flatMap(ConsentPolicy.init(rawValue:)) ?? .honoured
    }

    /// Sets the consent setting.
    public func setConsentPolicy(_ policy: ConsentPolicy) async throws(ArchiveError) {
        try await setSetting("search-consent", policy.rawValue)
    }
}
