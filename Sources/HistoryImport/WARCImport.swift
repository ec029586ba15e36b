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
/// as it inflates, media files are stored as they are read. A file is anybody's word: what it says goes
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
    public var batchSize = 500

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
        let contents: Contents
        do { contents = try read(ledger: ledger) } catch {
            ledger.removePlacedFiles(from: layout)
            throw error
        }
        // Nothing of it is a WARC record: refused whole, as a file that is not WARC.
        if contents.records == 0, let first = contents.problems.first {
            ledger.removePlacedFiles(from: layout)
            throw .unreadable(file: file.path, entry: "byte \(first.offset)", reason: first.reason)
        }
        let servers = contents.statuses.keys.sorted()
        let batchSize = self.batchSize
        for (index, server) in (servers.isEmpty ? [""] : servers).enumerated() {
            let statuses = contents.statuses[server] ?? []
            let media = index == 0 ? contents.media : []
            let source = ImportSource(format: "warc", file: file.lastPathComponent, server: server)
            do {
                try await archive.importAtomically(source) { sink in
                    var batcher = StatusBatcher(sink: sink, ledger: ledger, progress: progress)
                    batcher.batchSize = batchSize
                    for (raw, entry) in statuses {
                        do {
                            let status = try ArchivableStatus(decoding: raw, servedBy: server)
                            try batcher.add(
                                ImportedStatus(status: status, source: nil, entry: entry, hasServerID: true))
                        } catch let error as StatusDecodingError {
                            try batcher.add(
                                unreadable: UnreadableStatus(
                                    raw: raw, id: error.id, reason: "\(entry): \(error.reason)"))
                        }
                    }
                    try batcher.flush()
                    for item in media { try sink.recordMedia(item) }
                }
            } catch {
                ledger.removePlacedFiles(from: layout)
                throw ImportError.wrapping(error)
            }
        }
        do { try await keep(Array(contents.histories.values), in: archive) } catch {
            throw .archive(error)
        }
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
