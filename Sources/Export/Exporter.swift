import ArchiveCore
import Foundation
import Logging
import MediaFiles
import Models

/// Where an export goes.
public enum ExportDestination: Sendable, Hashable {
    /// A file, written under a temporary name beside it and renamed into place when complete.
    case file(URL)
    /// Standard output (`-o -`).
    case standardOutput
}

/// What an export wrote.
public struct ExportSummary: Sendable, Hashable, Codable {
    /// The tarball's path, or `-` for standard output.
    public var path: String
    /// The folder inside the tarball.
    public var folder: String
    public var format: TarballFormat
    public var statuses: Int
    /// Media files written (each distinct file once).
    public var mediaFiles: Int
    /// Files the statuses reference that the media archive should hold but does not (missing or
    /// corrupt on disk): left out, and named in the log.
    public var mediaMissing: Int
    /// Statuses whose server has said they are gone.
    public var gone: Int
    /// Exported direct messages, and followers-only posts (or of an audience Icebox does not know):
    /// an export that holds any is not fit to share as it is.
    public var direct = 0
    public var followersOnly = 0
    /// Posts left out because they were not public (with `publicOnly`).
    public var leftOut = 0
    /// Posts left out by the consent policy (their author opted out of search; see `ConsentPolicy`).
    public var leftOutByConsent = 0
}

/// Writes threads and sets of archived statuses as reproducible tarballs: `thread.json` (the JSON as
/// archived, with the tree), `thread.md`, a self-contained `index.html`, the media files, and a
/// `manifest.json` with every file's size and SHA-256.
public struct Exporter: Sendable {
    let archive: any ArchiveStore
    let layout: MediaLayout
    let version: String
    let logger: Logger
    /// What the export is written as: a tarball unless set to `.warc`.
    public var container = ExportContainer.tarball

    /// `version` is recorded in the manifest and the page (the Icebox version).
    public init(archive: any ArchiveStore, home: IceboxHome, version: String, logger: Logger) {
        self.archive = archive
        self.layout = MediaLayout(root: home.media)
        self.version = version
        self.logger = logger
    }

    /// Exports the whole conversation around status `number`: its topmost archived ancestor and every
    /// archived reply below it, in conversation order. `options` are recorded in the manifest. With
    /// `publicOnly`, direct and followers-only posts are left out (and the page says some were).
    public func exportThread(
        around number: Int64, to destination: ExportDestination, format: TarballFormat? = nil,
        publicOnly: Bool = false, options: [String: String] = [:]
    ) async throws(ExportError)
        -> ExportSummary
    {
        var document = try await ExportDocument.thread(around: number, in: archive)
        if publicOnly, document.dropRestricted() > 0, document.items.isEmpty {
            throw .empty("no post of the thread around status \(number) is public")
        }
        return try write(
            document, to: destination, format: format,
            options: options.merging(["kind": "thread", "public_only": String(publicOnly)]) { $1 })
    }

    /// Exports statuses as a flat set in the order given (newest first, as search and timelines list
    /// them). `kind` (`search`, `timeline`…) and `name` (the query or spec) name the set: the folder is
    /// `<kind>-<hash of name>`, and `name` is the page's title. `publicOnly` as for ``exportThread``.
    public func exportStatuses(
        _ numbers: [Int64], name: String, kind: String = "statuses", to destination: ExportDestination,
        format: TarballFormat? = nil, publicOnly: Bool = false, options: [String: String] = [:]
    )
        async throws(ExportError) -> ExportSummary
    {
        guard !numbers.isEmpty else { throw .empty("\(name) matches no archived status") }
        let safeKind = ExportDocument.isSafeName(kind) ? kind : "statuses"
        var document = try await ExportDocument.set(numbers, kind: safeKind, title: name, in: archive)
        if publicOnly, document.dropRestricted() > 0, document.items.isEmpty {
            throw .empty("\(name) matches no public status")
        }
        return try write(
            document, to: destination, format: format,
            options: options.merging(["kind": safeKind, "name": name, "public_only": String(publicOnly)]) { $1 })
    }

    /// Where the media archive keeps a stored file (`<home>/media/ab/cd/<sha256>.<ext>`).
    public func localFile(_ file: ExportRecord.StoredFile) -> URL { layout.file(sha256: file.sha256, ext: file.ext) }

    static func decode(_ record: ExportRecord) throws(ExportError) -> Status {
        do {
            return try Status.archived(record.raw, servedBy: record.server).post
        } catch let error as DecodingError {
            throw .undecodable(uri: record.uri, reason: error.readableDescription)
        } catch {
            throw .undecodable(uri: record.uri, reason: "\(error)")
        }
    }
}
