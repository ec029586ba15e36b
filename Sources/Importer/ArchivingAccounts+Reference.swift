import ArchiveCore

/// Why a user's reference to an account (`--account`, `account lists ACCOUNT`) names none, or names
/// several (one handle on several servers): a usage error, whose text says what to type instead.
public struct AccountReferenceError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

extension [ArchivingAccount] {
    /// The one account `reference` names (see ``matching(_:)``), or why there is not exactly one.
    public func one(named reference: String) throws(AccountReferenceError) -> ArchivingAccount {
        let matches = matching(reference)
        guard let match = matches.first else {
            throw AccountReferenceError(description: "no account \(reference); see `icebox account list`")
        }
        guard matches.count == 1 else {
            throw AccountReferenceError(
                description: "\(reference) names several accounts (\(matches.listed)); give the server instead")
        }
        return match
    }
}
