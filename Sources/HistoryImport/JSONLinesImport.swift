import ArchiveCore
import Foundation
import Models

/// `icebox import jsonl`: one Mastodon API status per line (the twarc convention), from a file or
/// standard input. A line that is not a readable status is kept unreadable with its line number and
/// bytes (as a sync keeps a status it cannot read) and does not stop the others; the import is atomic
/// all the same for what makes the file unreadable as a whole (a line longer than the limit).
public struct JSONLinesImport: Sendable {
    /// The file, or `nil` for standard input.
    public let file: URL?
    /// The host (with port) that served the statuses: their ids are that server's.
    public let server: String
    /// The longest line accepted.
    public var maxLineBytes = 64 << 20
    public var batchSize = 500

    public init(file: URL?, server: String) {
        self.file = file
        self.server = server
    }

    private var name: String { file?.path ?? "standard input" }

    public func run(
        into archive: any ArchiveStore,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws(ImportError) -> ImportReport {
        let handle: FileHandle
        if let file {
            do { handle = try FileHandle(forReadingFrom: file) } catch {
                throw .missing(file: file.path, reason: error.localizedDescription)
            }
        } else {
            handle = FileHandle.standardInput
        }
        let reader = LineReader(handle: handle, maxLineBytes: maxLineBytes)
        let ledger = ImportLedger()
        let source = ImportSource(format: "jsonl", file: file?.lastPathComponent ?? "-", server: server)
        let (name, server, batchSize) = (self.name, self.server, self.batchSize)
        do {
            try await archive.importAtomically(source) { sink in
                var batcher = StatusBatcher(sink: sink, ledger: ledger, progress: progress)
                batcher.batchSize = batchSize
                batcher.bytesRead = { reader.bytesRead }
                var lineNumber = 0
                while let line = try reader.next(file: name) {
                    lineNumber += 1
                    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
                    do {
                        let status = try ArchivableStatus(decoding: line, servedBy: server)
                        try batcher.add(
                            ImportedStatus(status: status, source: nil, entry: "line \(lineNumber)", hasServerID: true))
                    } catch let error as StatusDecodingError {
                        try batcher.add(
                            unreadable: UnreadableStatus(
                                raw: line, id: error.id, reason: "line \(lineNumber): \(error.reason)"))
                    }
                }
                try batcher.flush()
            }
        } catch {
            throw ImportError.wrapping(error)
        }
        return ledger.current
    }
}

/// Lines of a file read in pieces, each line at most `maxLineBytes`. `@unchecked`: used by one import
/// at a time, on the archive's writer thread.
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private let maxLineBytes: Int
    private var buffer = Data()
    private var ended = false
    private(set) var bytesRead: Int64 = 0

    init(handle: FileHandle, maxLineBytes: Int) {
        self.handle = handle
        self.maxLineBytes = maxLineBytes
    }

    /// The next line without its newline; `nil` at the end.
    func next(file: String) throws(ImportError) -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return Data(line)
            }
            guard buffer.count <= maxLineBytes else {
                throw .tooLarge(file: file, entry: "a line", limit: Int64(maxLineBytes))
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return buffer
            }
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw .unreadable(file: file, entry: nil, reason: error.localizedDescription)
            }
            if let chunk, !chunk.isEmpty {
                bytesRead += Int64(chunk.count)
                buffer.append(chunk)
            } else {
                ended = true
            }
        }
    }
}
