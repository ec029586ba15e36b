import Foundation

/// Why an export failed. Nothing is left at the destination when it does.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// The archive could not answer.
    case archive(String)
    /// A status's archived JSON does not decode (named by its uri).
    case undecodable(uri: String, reason: String)
    /// libarchive refused something.
    case tarball(String)
    /// Reading media or writing the output failed.
    case io(String)
    /// The export would be empty.
    case empty(String)
    /// libarchive cannot be loaded (the message names it and its package).
    case missingLibrary(String)

    public var description: String {
        switch self {
        case .archive(let message): message
        case .undecodable(let uri, let reason): "the archived JSON of \(uri) cannot be read: \(reason)"
        case .tarball(let message): "cannot write the tarball: \(message)"
        case .io(let message): message
        case .empty(let what): "nothing to export: \(what)"
        case .missingLibrary(let message): message
        }
    }
}
