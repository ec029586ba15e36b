import Models

/// Why the API token store could not do what was asked.
public enum APITokenError: Error, Sendable, CustomStringConvertible {
    /// `token remove NAME` named no token.
    case noSuchToken(String)
    /// `token add NAME` gave a name a token already has.
    case nameTaken(String)
    /// A name that is empty, too long or holds control characters.
    case badName(String)
    /// The file could not be opened, read or written (a link planted at its name, a full disk).
    case file(ArchiveError)
    /// The file is not what Icebox writes (not JSON of its shape, or larger than it ever writes).
    case unreadable(path: String, reason: String)
    /// Keeping one more app or token would make the file larger than ``APITokenStore/maximumFileBytes``.
    case full(path: String)

    public var description: String {
        switch self {
        case .noSuchToken(let name): "no API token named \(name); see `icebox serve token list`"
        case .nameTaken(let name):
            "an API token named \(name) exists; choose another name, or `icebox serve token remove \(name)` first"
        case .badName(let name):
            "\(name.debugDescription) cannot name a token: give 1 to 100 characters, no control characters"
        case .file(let error): error.description
        case .unreadable(let path, let reason): "cannot read the API tokens in \(path): \(reason)"
        case .full(let path):
            "\(path) holds as many tokens and apps as it may; remove some with `icebox serve token remove`"
        }
    }
}

extension APITokenError: ExitStatusReporting {
    /// 64 for a name that is taken, bad or names no token; the file's own error's status when it cannot be
    /// opened or written; 65 when it is not what Icebox writes; 74 when it is full.
    public var exitStatus: ExitStatus {
        switch self {
        case .noSuchToken, .nameTaken, .badName: .usage
        case .file(let error): error.exitStatus
        case .unreadable: .dataError
        case .full: .ioError
        }
    }
}
