import ArchiveCore
import Foundation
import Models

/// Why an import stopped. Every case names the file, and the entry in it when there is one; when an
/// import stops, the archive is as it was before (see `ArchiveStore.importAtomically`).
public enum ImportError: Error, Sendable, CustomStringConvertible {
    /// The file is not there (or cannot be opened at all).
    case missing(file: String, reason: String)
    /// The file cannot be read through (not an archive libarchive knows, cut short, damaged).
    case unreadable(file: String, entry: String?, reason: String)
    /// The file is readable but is not what the format says (no outbox.json in a Mastodon export…).
    case notThisFormat(file: String, reason: String)
    /// An entry's content is malformed (bad JSON in the middle of outbox.json…).
    case malformed(file: String, entry: String, reason: String)
    /// An entry whose path would leave the folder it is in (`../`, an absolute path).
    case escapingPath(file: String, entry: String)
    /// An entry larger than the limit.
    case tooLarge(file: String, entry: String, limit: Int64)
    /// An entry that inflates past the bounds (see ``MastodonExportImport/Limits``): too many times its
    /// compressed size, or past the bytes all entries may inflate to. Refused as the bound is passed.
    case inflates(file: String, entry: String, reason: String)
    /// The archive refused the import.
    case archive(ArchiveError)
    /// The media folder could not be written.
    case media(file: String, entry: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let file, let reason):
            "cannot open \(file): \(reason)"
        case .unreadable(let file, let entry, let reason):
            "cannot read \(Self.place(file, entry)): \(reason)"
        case .notThisFormat(let file, let reason):
            "\(file) is not \(reason)"
        case .malformed(let file, let entry, let reason):
            "\(Self.place(file, entry)) is malformed: \(reason)"
        case .escapingPath(let file, let entry):
            "\(file): the entry \(entry.terminalSafe) would be written outside its folder; refused"
        case .tooLarge(let file, let entry, let limit):
            "\(Self.place(file, entry)) is larger than the limit of \(ByteSize.text(limit)); refused"
        case .inflates(let file, let entry, let reason):
            "\(Self.place(file, entry)) \(reason); refused (a ZIP bomb?)"
        case .archive(let error):
            error.description
        case .media(let file, let entry, let reason):
            "cannot store \(Self.place(file, entry)) in the media archive: \(reason)"
        }
    }

    /// An error out of an import's transaction as an `ImportError`: the import's own as it is, the
    /// archive's wrapped.
    static func wrapping(_ error: any Error) -> ImportError {
        switch error {
        case let error as ImportError: error
        case let error as ArchiveError: .archive(error)
        default: .archive(.database("\(error)"))
        }
    }

    private static func place(_ file: String, _ entry: String?) -> String {
        guard let entry else { return file }
        return "\(file), entry \(entry.terminalSafe)"
    }
}

extension ImportError: ExitStatusReporting {
    /// 65 (data error) for a file that is not what it should be; 66 when it cannot be opened; the
    /// archive's own status for the archive's errors; 74 when the media folder cannot be written.
    public var exitStatus: ExitStatus {
        switch self {
        case .missing: .noInput
        case .unreadable, .notThisFormat, .malformed, .escapingPath, .tooLarge, .inflates: .dataError
        case .archive(let error): error.exitStatus
        case .media: .ioError
        }
    }
}
