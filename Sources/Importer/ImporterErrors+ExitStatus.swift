import MastodonAPI
import Models

extension EnrollmentError: ExitStatusReporting {
    /// The server's or the archive's status; 64 for a token that is not a token.
    public var exitStatus: ExitStatus {
        switch self {
        case .badToken: .usage
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
    /// 69: the server that knows the thread could not complete it.
    public var exitStatus: ExitStatus { .unavailable }
}
