import ArchiveCore
import Foundation
import MediaFiles
import Models
import WARC

/// `icebox import warc`: the statuses, edit histories and media files of a WARC file, whether `sync
/// --warc` captured it (`response` records of API pages and media fetches) or `export` wrote it
/// (`resource` records), back into an archive: each status's JSON byte for byte, each media file with
/// the same bytes (and so the same hash). A damaged place of the file (a member cut short, a record
/// whose digest does not match) is skipped and reported, and the good records beside it are imported.
///
/// The file is read as a stream under the bounds of the ZIP and tar imports (``MastodonExportImport/Limits``):
/// no member or block is held whole, a member inflating past the ratio or the total refuses the import
/// as it inflates, media files are stored as they are read, and statuses are stored in batches bounded in
/// bytes as they are read, in one transaction: memory stays bounded in bytes whatever the file holds. A
/// status captured more than once is stored as its latest edit (the earlier among its versions). A file is anybody's word: what it says goes
/// through ``ImportClaims`` (it adds what the archive lacks), its server ids never displace a server's,
/// and its media files never replace one a sync stored for the same URL.
public struct WARCImport: Sendable {
    public let file: URL
    public let layout: MediaLayout
    /// The bounds on what the file may hold and inflate to.
    public var limits = MastodonExportImport.Limits()
    /// The largest media file accepted.
    public var maxMediaBytes: Int64 {
        get { limits.mediaBytes }
        set { limits.mediaBytes = newValue }
    }
    /// Statuses stored per batch inside the transaction, at most.
    public var batchSize = 500
    /// The bytes of statuses read and not yet stored, at most (about: a batch is stored once it passes).
    public var batchBytes = 4 << 20

    public init(file: URL, media: MediaLayout) {
        self.file = file
        self.layout = media
    }

    /// Imports what can be read; returns the report and the places of the file that could not be.
    public func run(
        into archive: any ArchiveStore,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws(ImportError) -> (report: ImportReport, problems: [WARCReadProblem]) {
        let ledger = ImportLedger()
        let read = OneShot<Contents>()
        // One transaction for the whole file: its statuses are stored as they are read, each server's
        // through its own view of the sink (a capture holds the answers of several).
        let source = ImportSource(format: "warc", file: file.lastPathComponent, server: "")
        do {
            try await archive.importAtomically(source) { sink in
                let contents = try self.read(into: sink, ledger: ledger, progress: progress)
                // Nothing of it is a WARC record: refused whole, as a file that is not WARC.
                if contents.records == 0, let first = contents.problems.first {
                    throw ImportError.unreadable(file: file.path, entry: "byte \(first.offset)", reason: first.reason)
                }
                read.fulfil(contents)
            }
        } catch {
            ledger.removePlacedFiles(from: layout)
            throw ImportError.wrapping(error)
        }
        let contents = await read.value()
        do { try await keep(contents.histories.all, in: archive) } catch { throw .archive(error) }
        return (ledger.current, contents.problems)
    }

    /// Keeps the edit histories the capture holds, apart from the import's transaction (should it fail,
    /// `sync` asks the servers for them). A history is the file's word too: it is kept only for a post
    /// the archive holds from files alone (never a server's copy) and that has no history yet.
    private func keep(_ histories: [CapturedHistory], in archive: any ArchiveStore) async throws(ArchiveError) {
        for history in histories where !history.versions.isEmpty {
            guard let number = try await archive.findStatus(server: history.server, localID: history.localID),
                try await archive.provenance(of: number).allSatisfy({ $0.kind == .import }),
                try await archive.editHistory(of: number).isEmpty
            else { continue }
            try await archive.storeEditHistory(
                WantedEditHistory(number: number, server: history.server, localID: history.localID),
                versions: history.versions)
        }
    }
}
