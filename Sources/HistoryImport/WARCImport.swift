import ArchiveCore
import Foundation
import MediaFiles
import Models
import WARC

/// `icebox import warc`: the statuses and media files of a WARC file, whether `sync --warc` captured it
/// (`response` records of API pages and media fetches) or `export` wrote it (`resource` records), back
/// into an archive: each status's JSON byte for byte, each media file with the same bytes (and so the
/// same hash). A damaged place of the file (a member cut short, a record whose digest does not match)
/// is skipped and reported, and the good records beside it are imported.
public struct WARCImport: Sendable {
    public let file: URL
    public let layout: MediaLayout
    /// The largest media file accepted.
    public var maxMediaBytes: Int64 = 1 << 30
    public var batchSize = 500

    public init(file: URL, media: MediaLayout) {
        self.file = file
        self.layout = media
    }

    /// What the file held, read before any of it is stored.
    struct Contents: Sendable {
        /// Per server (host with port), the raw JSON of each status, the last capture of each first.
        var statuses: [String: [(raw: Data, entry: String)]] = [:]
        var media: [(url: String, bytes: Data, entry: String)] = []
        var problems: [WARCReadProblem] = []
    }

    /// Imports what can be read; returns the report and the places of the file that could not be.
    public func run(
        into archive: any ArchiveStore,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws(ImportError) -> (report: ImportReport, problems: [WARCReadProblem]) {
        let contents = try read()
        let ledger = ImportLedger()
        let servers = contents.statuses.keys.sorted()
        let (layout, limit, batchSize, name) = (self.layout, maxMediaBytes, self.batchSize, file.path)
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
                    for item in media {
                        try sink.recordMedia(
                            Self.store(
                                item.bytes, url: item.url, layout: layout, limit: limit,
                                file: name, entry: item.entry, ledger: ledger))
                    }
                }
            } catch {
                ledger.removePlacedFiles(from: layout)
                throw ImportError.wrapping(error)
            }
        }
        return (ledger.current, contents.problems)
    }

    /// Walks the file once, keeping what each good record holds and naming each damaged place.
    func read() throws(ImportError) -> Contents {
        let reader: WARCReader
        do throws(WARCReadProblem) { reader = try WARCReader(file: file) } catch {
            throw .notThisFormat(file: file.path, reason: error.reason)
        }
        var contents = Contents()
        var seen = Set<String>()
        var found: [(server: String, raw: Data, entry: String)] = []
        reader.walk { item in
            switch item {
            case .damaged(let problem): contents.problems.append(problem)
            case .record(let record, let offset):
                let entry = "record \(record.recordID ?? "?") at byte \(offset)"
                switch WARCContent(record) {
                case .nothing: break
                case .media(let url, let bytes): contents.media.append((url, bytes, entry))
                case .statuses(let server, let json, let shape):
                    do throws(RawJSON.Malformed) {
                        for raw in try WARCContent.statuses(in: json, shape: shape) {
                            found.append((server, raw, entry))
                        }
                    } catch {
                        contents.problems.append(
                            WARCReadProblem(
                                file: file.path, offset: offset, recordID: record.recordID,
                                reason: "its statuses cannot be read: \(error.description)"))
                    }
                }
            }
        }
        // The last capture of a status is its newest state: keep it, once per server and id.
        for (server, raw, entry) in found.reversed() {
            let key = server + " " + (ArchivableStatus.peekID(raw) ?? String(decoding: raw, as: UTF8.self))
            guard seen.insert(key).inserted else { continue }
            contents.statuses[server, default: []].append((raw, entry))
        }
        for server in contents.statuses.keys { contents.statuses[server]?.reverse() }
        return contents
    }

    /// Stores one media file's bytes in the content-addressed store and counts it.
    static func store(
        _ bytes: Data, url: String, layout: MediaLayout, limit: Int64, file: String, entry: String,
        ledger: ImportLedger
    ) throws(ImportError) -> ImportedMedia {
        var offset = 0
        let stored: StreamedFile
        do throws(StreamedFileError) {
            stored = try layout.storeStream(limit: limit) { buffer in
                let count = min(buffer.count, bytes.count - offset)
                guard count > 0 else { return 0 }
                bytes.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: offset..<(offset + count))
                offset += count
                return count
            }
        } catch {
            switch error {
            case .tooLarge(let limit): throw .tooLarge(file: file, entry: entry, limit: limit)
            case .storage(let reason), .source(let reason): throw .media(file: file, entry: entry, reason: reason)
            }
        }
        if stored.placedNew { ledger.placedFile(sha256: stored.sha256, ext: stored.ext, in: layout) }
        ledger.update {
            $0.mediaFiles += 1
            $0.mediaBytes += stored.size
            if stored.placedNew { $0.mediaFilesNew += 1 }
        }
        return ImportedMedia(url: url, sha256: stored.sha256, size: stored.size, mime: stored.mime, ext: stored.ext)
    }
}
