import ArchiveCore
import Foundation
import Models

/// What an import read, stored through its sink in batches and counted in its ledger.
struct StatusBatcher {
    let sink: any ImportSink
    let ledger: ImportLedger
    let progress: @Sendable (ImportProgress) -> Void
    /// How far the file has been read, for the progress line.
    var bytesRead: () -> Int64 = { 0 }
    var batchSize = 500
    private var statuses: [ImportedStatus] = []
    private var unreadable: [UnreadableStatus] = []
    private var references: [ImportedReference] = []

    init(sink: any ImportSink, ledger: ImportLedger, progress: @escaping @Sendable (ImportProgress) -> Void) {
        self.sink = sink
        self.ledger = ledger
        self.progress = progress
    }

    mutating func add(_ status: ImportedStatus) throws {
        statuses.append(status)
        try flushIfFull()
    }

    mutating func add(unreadable status: UnreadableStatus) throws {
        unreadable.append(status)
        try flushIfFull()
    }

    mutating func add(_ reference: ImportedReference) {
        references.append(reference)
    }

    private mutating func flushIfFull() throws {
        if statuses.count + unreadable.count >= batchSize { try flush() }
    }

    /// Stores what is waiting.
    mutating func flush() throws {
        let result = try sink.store(statuses, unreadable: unreadable)
        let added = try sink.recordReferences(references)
        let read = statuses.count + unreadable.count
        ledger.update {
            $0.read += read
            $0.stored += result
            $0.references += added
        }
        statuses.removeAll(keepingCapacity: true)
        unreadable.removeAll(keepingCapacity: true)
        references.removeAll(keepingCapacity: true)
        progress(ImportProgress(statuses: ledger.current.read, bytes: bytesRead(), totalBytes: nil))
    }
}
