import ArgumentParser
import Importer

extension CommandContext {
    /// The archive's own account a listing's `[account]` argument names (its handle, or its server's URL);
    /// nil when none was given (every account). A reference to no account, or to two, is a usage error.
    func accountID(named reference: String?) async throws -> Int64? {
        guard let reference else { return nil }
        let accounts = try await store.accounts()
        do throws(AccountReferenceError) { return try accounts.one(named: reference).id } catch {
            throw ValidationError(error.description)
        }
    }
}
