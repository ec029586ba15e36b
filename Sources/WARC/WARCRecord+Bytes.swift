import Foundation

extension WARCRecord {
    /// The record as written: the version line, each field on its line, an empty line, the block and
    /// the two line ends that close every record.
    public func serialized() -> Data {
        var head = version + "\r\n"
        for field in fields { head += "\(field.name): \(field.value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        bytes.reserveCapacity(bytes.count + block.count + 4)
        bytes.append(block)
        bytes.append(contentsOf: [0x0D, 0x0A, 0x0D, 0x0A])
        return bytes
    }

    /// Reads the records of `bytes` (one gzip member's content, or an uncompressed file), in order.
    /// `Content-Length` says where each block ends; the two line ends after it are required.
    public static func records(in bytes: Data) throws(WARCFormatError) -> [WARCRecord] {
        var records: [WARCRecord] = []
        var at = bytes.startIndex
        while at < bytes.endIndex {
            // Blank lines between records are tolerated (some writers add more than two).
            if bytes[at] == 0x0D || bytes[at] == 0x0A {
                at += 1
                continue
            }
            let (record, end) = try Self.record(in: bytes, from: at)
            records.append(record)
            at = end
        }
        return records
    }

    /// One record starting at `start`, and where the bytes after it begin.
    static func record(in bytes: Data, from start: Data.Index) throws(WARCFormatError) -> (WARCRecord, Data.Index) {
        let separator = Data([0x0D, 0x0A, 0x0D, 0x0A])
        guard bytes[start...].starts(with: Data("WARC/".utf8)) else { throw .notWARC }
        guard let headEnd = bytes.range(of: separator, in: start..<bytes.endIndex) else {
            throw .malformed("no end of the record's header")
        }
        var record = try parseHead(Data(bytes[start..<headEnd.lowerBound]))
        let blockStart = headEnd.upperBound
        guard let length = record.contentLength, Int64(bytes.endIndex - blockStart) >= length else { throw .truncated }
        let after = blockStart + Int(length)
        record.block = Data(bytes[blockStart..<after])
        guard bytes.endIndex - after >= 4, bytes[after..<(after + 4)].elementsEqual(separator) else {
            throw .malformed("the block is not followed by the two line ends that close a record")
        }
        return (record, after + 4)
    }

    /// A record's header (the version line and its fields, without the empty line that ends them), as a
    /// record with an empty block; it must say its `Content-Length`.
    static func parseHead(_ bytes: Data) throws(WARCFormatError) -> WARCRecord {
        guard let head = String(data: bytes, encoding: .utf8) else {
            throw .malformed("the record's header is not UTF-8")
        }
        var lines = head.components(separatedBy: "\r\n")
        let version = lines.removeFirst()
        guard version.hasPrefix("WARC/") else { throw .notWARC }
        var fields: [Field] = []
        for line in lines {
            if let first = line.first, first == " " || first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += " " + line.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("a header line without a colon") }
            fields.append(
                Field(
                    String(line[..<colon]),
                    String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
        }
        let record = WARCRecord(version: version, fields: fields, block: Data())
        guard record.contentLength != nil else { throw .malformed("no Content-Length") }
        return record
    }
}

/// Why bytes are not a WARC record.
public enum WARCFormatError: Error, Sendable, Hashable {
    /// They do not start with a WARC version line.
    case notWARC
    /// They end before the record does.
    case truncated
    case malformed(String)
}

extension WARCFormatError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notWARC: "not a WARC record (no WARC/ version line)"
        case .truncated: "the record ends before its Content-Length says"
        case .malformed(let why): why
        }
    }
}
