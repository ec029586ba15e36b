/// Why a file could not be put in (or readied for) the media folder: its folders could not be made, a
/// temporary file could not be created, or a finished one could not be renamed into place.
public struct MediaStorageFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, with the path.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { "could not store the file: \(reason)" }
}
