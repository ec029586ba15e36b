import Foundation

/// Walks the records of a WARC file, gzip-compressed (member by member) or not, checking each
/// record's digests. A damaged member, or a record with a wrong digest, is reported with where it is
/// and the walk goes on with the next member, so the good records beside it are still read.
public struct WARCReader: Sendable {
    /// One record read, or why the one at this place could not be.
    public enum Item: Sendable {
        case record(WARCRecord, offset: Int)
        case damaged(WARCReadProblem)
    }

    public let file: URL
    private let bytes: Data

    /// Opens `file` (mapped, not read into memory); a file that is neither gzip nor starts with a
    /// WARC version line is refused.
    public init(file: URL) throws(WARCReadProblem) {
        self.file = file
        do { bytes = try Data(contentsOf: file, options: .alwaysMapped) } catch {
            throw WARCReadProblem(file: file.path, offset: 0, recordID: nil, reason: error.localizedDescription)
        }
        guard GzipMember.isGzip(bytes) || bytes.starts(with: Data("WARC/".utf8)) else {
            throw WARCReadProblem(
                file: file.path, offset: 0, recordID: nil, reason: "not a WARC file (neither gzip nor WARC/)")
        }
    }

    /// Every record and every damaged place, in file order.
    public func items() -> [Item] {
        var items: [Item] = []
        walk { items.append($0) }
        return items
    }

    /// Hands each record or damaged place to `body`, in file order.
    public func walk(_ body: (Item) -> Void) {
        guard GzipMember.isGzip(bytes) else {
            read(bytes, at: 0, into: body)
            return
        }
        var offset = 0
        while offset < bytes.count {
            do throws(GzipFailure) {
                let (member, next) = try GzipMember.inflate(bytes, at: offset)
                read(member, at: offset, into: body)
                offset = next
            } catch {
                let reason: String
                switch error {
                case .truncated: reason = "the gzip member is cut short (the file ends inside it)"
                case .corrupt(let why): reason = "the gzip member is damaged (\(why))"
                }
                body(.damaged(WARCReadProblem(file: file.path, offset: offset, recordID: nil, reason: reason)))
                offset = GzipMember.nextMagic(in: bytes, after: offset)
            }
        }
    }

    /// The records of one member (or of an uncompressed file) found at `offset`.
    private func read(_ content: Data, at offset: Int, into body: (Item) -> Void) {
        let records: [WARCRecord]
        do throws(WARCFormatError) { records = try WARCRecord.records(in: content) } catch {
            body(.damaged(WARCReadProblem(file: file.path, offset: offset, recordID: nil, reason: error.description)))
            return
        }
        for record in records {
            if let problem = record.digestProblem() {
                body(
                    .damaged(
                        WARCReadProblem(file: file.path, offset: offset, recordID: record.recordID, reason: problem)))
            } else {
                body(.record(record, offset: offset))
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
