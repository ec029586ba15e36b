import MastodonAPI
import Models

extension EnrollmentError: ExitStatusReporting {
    /// The server's or the archive's status; 64 for a token that is not a token, a handle that names
    /// several accounts, or an account already added (without `--replace`), as `timeline add` of a
    /// timeline already pinned is.
    public var exitStatus: ExitStatus {
        switch self {
        case .badToken, .ambiguous, .alreadyAdded: .usage
        case .server(let error): error.exitStatus
        case .archive(let error): error.exitStatus
        }
    }
}

extension TimelinePinning.Invalid: ExitStatusReporting {
    /// 64: the timeline cannot be pinned as typed.
    public var exitStatus: ExitStatus { .usage }
}

extension ThreadFetchError: ExitStatusReporting {
    /// The status of the server's answer that stopped it (76 for one that does not answer like
    /// Mastodon, 69 for one that cannot be reached); 74 when the archive failed.
    public var exitStatus: ExitStatus { apiError?.exitStatus ?? .ioError }
}

extension AccountAccessError: ExitStatusReporting {
    /// 64 for a list the account does not have; 77 when no token is stored; else the server's status.
    public var exitStatus: ExitStatus {
        switch self {
        case .unknownList: .usage
        case .noToken: .noPermission
        case .server(let error): error.exitStatus
        }
    }
}
