import Foundation

/// Walks the records of a WARC file, gzip-compressed (member by member) or not, checking each
/// record's digests, each record's block read whole: for files whose records are known to be small
/// (tests, a capture read back). An import reads with ``WARCStreamReader``, which never holds a block.
/// A damaged member, or a record with a wrong digest, is reported with where it is and the walk goes on
/// with the next member, so the good records beside it are still read.
public struct WARCReader: Sendable {
    /// One record read, or why the one at this place could not be.
    public enum Item: Sendable {
        case record(WARCRecord, offset: Int)
        case damaged(WARCReadProblem)
    }

    public let file: URL

    /// Checks that `file` is a WARC file (neither gzip nor a WARC version line: refused).
    public init(file: URL) throws(WARCReadProblem) {
        self.file = file
        _ = try WARCStreamReader(file: file)
    }

    /// Every record and every damaged place, in file order.
    public func items() -> [Item] {
        var items: [Item] = []
        walk { items.append($0) }
        return items
    }

    /// Hands each record or damaged place to `body`, in file order.
    public func walk(_ body: (Item) -> Void) {
        guard let reader = try? WARCStreamReader(file: file) else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate() }
        while let event = reader.next() {
            switch event {
            case .damaged(let problem): body(.damaged(problem))
            case .record(var record, let offset):
                do throws(WARCReadProblem) {
                    while case let count = try reader.readBlock(buffer), count > 0 {
                        record.block.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                    }
                } catch {
                    body(.damaged(error))
                    continue
                }
                if let problem = reader.endRecord() {
                    body(.damaged(problem))
                } else {
                    body(.record(record, offset: offset))
                }
            }
        }
    }
}

/// A place in a WARC file that could not be read as a good record: the file, the byte offset of its
/// gzip member, the record's id when it could be read, and why.
public struct WARCReadProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var offset: Int
    public var recordID: String?
    public var reason: String

    public init(file: String, offset: Int, recordID: String?, reason: String) {
        self.file = file
        self.offset = offset
        self.recordID = recordID
        self.reason = reason
    }

    public var description: String {
        let record = recordID.map { "record \($0)" } ?? "the record"
        return "\(file): \(record) at byte \(offset): \(reason)"
    }
}
