import ArchiveCore
import Foundation
import Models

/// The statuses a WARC import has read and not yet stored, bounded in bytes: handed to the import's sink
/// once `byteLimit` bytes or `countLimit` statuses wait, and at the end, so that however many captures a
/// file holds, a few MiB of them are in memory at once.
///
/// A status captured again is the file's word on it again: the batch waiting is stored first, so that the
/// store weighs each capture against the one it wrote (``ImportClaims``: a later edit replaces it, the
/// earlier kept among its versions), whichever batch each came in.
struct WARCStatusBatch {
    let sink: any ImportSink
    let ledger: ImportLedger
    let progress: @Sendable (ImportProgress) -> Void
    /// How far the file has been read, for the progress line.
    var bytesRead: () -> Int64 = { 0 }
    var byteLimit = 4 << 20
    var countLimit = 500
    private var waiting: [(server: String, raw: Data, entry: String)] = []
    /// Server and id of each status waiting.
    private var keys: Set<String> = []
    private var bytes = 0

    init(sink: any ImportSink, ledger: ImportLedger, progress: @escaping @Sendable (ImportProgress) -> Void) {
        self.sink = sink
        self.ledger = ledger
        self.progress = progress
    }

    /// A status `server` sent, as the record `entry` holds it.
    mutating func add(_ raw: Data, server: String, entry: String) throws {
        let key = server + " " + (ArchivableStatus.peekID(raw) ?? "\(raw.hashValue)")
        if keys.contains(key) { try flush() }
        keys.insert(key)
        waiting.append((server, raw, entry))
        bytes += raw.count
        if bytes >= byteLimit || waiting.count >= countLimit { try flush() }
    }

    /// Stores what is waiting, server by server.
    mutating func flush() throws {
        var servers: [String] = []
        for item in waiting where !servers.contains(item.server) { servers.append(item.server) }
        for server in servers {
            var batcher = StatusBatcher(sink: sink.serving(server), ledger: ledger, progress: progress)
            batcher.batchSize = countLimit
            batcher.bytesRead = bytesRead
            for (itemServer, raw, entry) in waiting where itemServer == server {
                do {
                    let status = try ArchivableStatus(decoding: raw, servedBy: server)
                    try batcher.add(ImportedStatus(status: status, source: nil, entry: entry, hasServerID: true))
                } catch let error as StatusDecodingError {
                    try batcher.add(
                        unreadable: UnreadableStatus(raw: raw, id: error.id, reason: "\(entry): \(error.reason)"))
                }
            }
            try batcher.flush()
        }
        waiting.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        bytes = 0
    }
}
