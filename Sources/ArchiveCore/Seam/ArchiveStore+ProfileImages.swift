import Foundation

/// The images of profile versions (issue 44): each version keeps the files of its avatar and header.
extension ArchiveStore {
    /// Gives each profile version the hash of its avatar and header once the media archive stored them
    /// (see ``ProfileMediaStatements/keep(_:)``), in one transaction; how many images it linked.
    @discardableResult
    public func keepProfileImages() async throws(ArchiveError) -> Int {
        guard !executor.isReadOnly else { return 0 }
        let plan: TransactionPlan<Int> = .statement(SQLStatement(ProfileMediaStatements.keep(.avatar))) { avatars in
            let linked = avatars.count
            return .statement(SQLStatement(ProfileMediaStatements.keep(.header))) { .done(linked + $0.count) }
        }
        return try await executor.run(plan)
    }
}
