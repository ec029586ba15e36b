import ArchiveCore
import Foundation
import MediaFiles
import Models
import WARC

extension WARCImport {
    /// What the walk gives back beyond what it stored in the import's transaction.
    struct Contents: Sendable {
        /// The edit histories captured, kept for after the transaction (bounded in bytes).
        var histories: WARCHistories
        var problems: [WARCReadProblem] = []
        /// Good records read, whatever they held.
        var records = 0
    }

    /// Walks the file once, as a stream, inside the import's transaction: each record's block is read
    /// piece by piece under the inflation bounds (``InflationMeter``: a member inflating past its ratio or
    /// the total refuses the import), media files stored as they are read (under `--max-media-size`), API
    /// answers read whole up to `limits.elementBytes` and their statuses handed to the sink in batches
    /// bounded in bytes (``WARCStatusBatch``), so that memory never grows with the file. A damaged place is
    /// named and the walk goes on.
    func read(
        into sink: any ImportSink, ledger: ImportLedger, progress: @escaping @Sendable (ImportProgress) -> Void
    ) throws -> Contents {
        try ImportError.requireReadable(file)
        let reader: WARCStreamReader
        do throws(WARCReadProblem) { reader = try WARCStreamReader(file: file) } catch {
            throw ImportError.notThisFormat(file: file.path, reason: "a WARC file (\(error.reason))")
        }
        let walk = MeteredWalk(reader: reader, meter: InflationMeter(limits.inflation, file: file.path))
        var contents = Contents(histories: WARCHistories(byteLimit: limits.elementBytes))
        var statuses = WARCStatusBatch(sink: sink, ledger: ledger, progress: progress)
        statuses.byteLimit = batchBytes
        statuses.countLimit = batchSize
        statuses.bytesRead = { reader.compressedPosition }
        while let event = reader.next() {
            guard case .record(let head, let offset) = event else {
                if case .damaged(let problem) = event { contents.problems.append(problem) }
                continue
            }
            let entry = "record \(head.recordID ?? "?") at byte \(offset)"
            guard
                let (content, body, media) = try readRecord(
                    head, entry: entry, walk: walk, ledger: ledger, into: &contents)
            else { continue }
            if let media { try sink.recordMedia(media) }
            let problem = { (reason: String) in
                WARCReadProblem(file: file.path, offset: offset, recordID: head.recordID, reason: reason)
            }
            switch content {
            case .statuses(let server, let shape):
                do {
                    try WARCContent.forEachStatus(in: body, shape: shape) { raw in
                        try statuses.add(raw, server: server, entry: entry)
                    }
                } catch let error as RawJSON.Malformed {
                    contents.problems.append(problem("its statuses cannot be read: \(error.description)"))
                }
            case .history(let server, let localID):
                do throws(RawJSON.Malformed) {
                    let versions = try EditHistoryVersions.parse(body).versions
                    if !contents.histories.keep(CapturedHistory(server: server, localID: localID, versions: versions)) {
                        contents.problems.append(
                            problem(
                                "its edit history is not kept: the file's histories pass "
                                    + "\(ByteSize.text(Int64(contents.histories.byteLimit))) (sync asks the server for it)"
                            ))
                    }
                } catch {
                    contents.problems.append(problem("its edit history cannot be read: \(error.description)"))
                }
            case .media, .nothing: break
            }
        }
        try statuses.flush()
        return contents
    }

    /// Reads one record's block: a media file is stored (and recorded in the transaction), an API
    /// answer read whole. `nil` when the record is damaged (named in `contents`).
    private func readRecord(
        _ head: WARCRecord, entry: String, walk: MeteredWalk, ledger: ImportLedger, into contents: inout Contents
    ) throws -> (WARCContent, Data, ImportedMedia?)? {
        let reader = walk.reader
        var media: StoredMedia?
        do {
            try walk.begin(entry, declared: head.contentLength)
            let http = try (head.kind == .response ? walk.httpHead() : nil)
            let content = WARCContent(head, http: http)
            var body = Data()
            switch content {
            case .nothing: break
            case .media(let url):
                // A damaged place inside the record skips the record, as anywhere else.
                var damage: WARCReadProblem?
                do {
                    media = try StoredMedia.store(
                        url: url, file: file.path, entry: entry, layout: layout, limit: limits.mediaBytes,
                        ledger: ledger
                    ) { buffer in
                        do { return try walk.read(buffer) } catch let problem as WARCReadProblem {
                            damage = problem
                            throw problem
                        }
                    }
                } catch {
                    if let damage { throw damage }
                    throw error
                }
            case .statuses, .history:
                body = try walk.body(limit: limits.elementBytes, entry: entry, file: file.path)
                if http?.isChunked == true { body = HTTPMessage.unchunk(body) ?? body }
            }
            try walk.drain()
            if let problem = reader.endRecord() {
                contents.problems.append(problem)
                if let media { forget(media, ledger: ledger) }
                return nil
            }
            contents.records += 1
            return (content, body, media?.media)
        } catch let problem as WARCReadProblem {
            contents.problems.append(problem)
            return nil
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.unreadable(file: file.path, entry: entry, reason: "\(error)")
        }
    }

    /// Takes back a media file whose record turned out damaged: removed when this import placed it.
    private func forget(_ media: StoredMedia, ledger: ImportLedger) {
        if media.placedNew { layout.removeStored(layout.file(sha256: media.media.sha256, ext: media.media.ext)) }
        ledger.update {
            $0.mediaFiles -= 1
            $0.mediaBytes -= media.media.size
            if media.placedNew { $0.mediaFilesNew -= 1 }
        }
    }
}

/// A record's block read through the inflation bounds: every byte the reader inflates is counted by the
/// meter (``InflationMeter``, the bound of the ZIP and tar imports) as it comes, whoever reads it.
final class MeteredWalk {
    let reader: WARCStreamReader
    let meter: InflationMeter
    private var counted: Int64 = 0

    init(reader: WARCStreamReader, meter: InflationMeter) {
        self.reader = reader
        self.meter = meter
    }

    func begin(_ entry: String, declared: Int64?) throws {
        try count()
        try meter.begin(
            entry, declared: declared, compressed: reader.compressedPosition, inflated: reader.inflatedPosition)
    }

    /// Counts what the reader inflated since the last count.
    private func count() throws {
        let now = reader.inflatedPosition
        defer { counted = now }
        guard now > counted else { return }
        try meter.read(Int(now - counted), compressed: reader.compressedPosition)
    }

    func httpHead() throws -> HTTPMessage? {
        let head = try reader.readHTTPHead()
        try count()
        return head
    }

    /// Up to `buffer.count` bytes of the block; 0 at its end.
    func read(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let read = try reader.readBlock(buffer)
        try count()
        return read
    }

    /// The rest of the block, at most `limit` bytes (a larger one is refused, naming it).
    func body(limit: Int, entry: String, file: String) throws -> Data {
        guard reader.blockRemaining <= Int64(limit) else {
            throw ImportError.tooLarge(file: file, entry: entry, limit: Int64(limit))
        }
        var body = Data()
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { piece.deallocate() }
        while case let count = try read(piece), count > 0 {
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[0..<count]))
        }
        return body
    }

    /// Reads what is left of the block, counted, so that a record passed unread inflates under the
    /// same bounds as one that is kept.
    func drain() throws {
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { piece.deallocate() }
        while try read(piece) > 0 {}
    }
}
