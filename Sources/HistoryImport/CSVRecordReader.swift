import Foundation

/// A record of a CSV file as ``CSVRecordReader`` reads it: its fields, or why it cannot be used (it
/// passed the reader's byte bound, its quotes are wrong, or it is not UTF-8), with the line it begins on.
enum CSVRecord: Equatable {
    case fields([String], line: Int)
    /// Longer than the bound: its bytes were passed over, never held.
    case oversized(line: Int)
    /// A quote inside an unquoted field, text after a closing quote, a quote never closed, or bytes that
    /// are not UTF-8 (Ruby's CSV, which Mastodon reads with, refuses each).
    case malformed(line: Int)

    var line: Int {
        switch self {
        case .fields(_, let line), .oversized(let line), .malformed(let line): line
        }
    }
}

/// Reads CSV (RFC 4180, as Ruby's CSV writes it and Mastodon's import reads it) a record at a time from
/// a stream of bytes: fields quoted or not, `""` for a quote inside a quoted field, commas and line
/// breaks inside quotes, lines ending in LF or CRLF, a UTF-8 byte-order mark at the start. It holds one
/// record at most, and no more than `maxRecordBytes` of it: a longer record is passed over to its end and
/// given as ``CSVRecord/oversized(line:)``. Blank lines are skipped, as Mastodon skips them.
struct CSVRecordReader {
    private let read: (UnsafeMutableRawBufferPointer) throws(ImportError) -> Int
    let maxRecordBytes: Int
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var position = 0
    private var filled = 0
    private var atEnd = false
    private var atStart = true
    private var line = 1
    /// A lone CR ended the last record: an LF right after it belongs to the same line break.
    private var skipLF = false

    init(maxRecordBytes: Int, read: @escaping (UnsafeMutableRawBufferPointer) throws(ImportError) -> Int) {
        self.maxRecordBytes = maxRecordBytes
        self.read = read
    }

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    /// The next record; nil at the end of the stream.
    mutating func next() throws(ImportError) -> CSVRecord? {
        while true {
            guard let record = try nextRecord() else { return nil }
            if case .fields(let fields, _) = record, fields == [""] { continue }
            return record
        }
    }

    private mutating func nextByte() throws(ImportError) -> UInt8? {
        if position == filled {
            guard !atEnd else { return nil }
            let read = self.read
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(ImportError) -> Int in try read(buffer) }
            }
            filled = try result.get()
            position = 0
            if filled == 0 {
                atEnd = true
                return nil
            }
        }
        defer { position += 1 }
        return chunk[position]
    }

    private mutating func nextRecord() throws(ImportError) -> CSVRecord? {
        let start = line
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        var bytes = 0
        var oversized = false
        var malformed = false
        var sawAnything = false
        func finish(_ fields: [[UInt8]]) -> CSVRecord {
            if oversized { return .oversized(line: start) }
            var strings: [String] = []
            for field in fields {
                guard let text = String(bytes: field, encoding: .utf8) else { return .malformed(line: start) }
                strings.append(text)
            }
            return malformed ? .malformed(line: start) : .fields(strings, line: start)
        }
        while let byte = try nextByte() {
            if skipLF {
                skipLF = false
                if byte == 0x0A { continue }
            }
            if atStart {
                atStart = false
                // A UTF-8 byte-order mark (EF BB BF) before the first field is no part of it.
                if byte == 0xEF, position + 1 < filled, chunk[position] == 0xBB, chunk[position + 1] == 0xBF {
                    position += 2
                    continue
                }
            }
            sawAnything = true
            bytes += 1
            if bytes > maxRecordBytes, !oversized {
                oversized = true
                field = []
                fields = []
            }
            if byte == 0x0A { line += 1 }
            switch (state, byte) {
            case (.quoted, 0x22): state = .quoteInQuoted
            case (.quoted, _): if !oversized { field.append(byte) }
            case (.quoteInQuoted, 0x22):
                state = .quoted
                if !oversized { field.append(byte) }
            case (.fieldStart, 0x22): state = .quoted
            case (_, 0x2C):
                if !oversized { fields.append(field) }
                field = []
                state = .fieldStart
            case (_, 0x0A), (_, 0x0D):
                if byte == 0x0D {
                    skipLF = true
                    line += 1
                }
                fields.append(field)
                return finish(fields)
            case (.quoteInQuoted, _), (.unquoted, 0x22):
                // Text after a closing quote, or a quote inside an unquoted field.
                malformed = true
                state = .unquoted
            case (.fieldStart, _), (.unquoted, _):
                state = .unquoted
                if !oversized { field.append(byte) }
            }
        }
        guard sawAnything else { return nil }
        if state == .quoted { return oversized ? .oversized(line: start) : .malformed(line: start) }
        fields.append(field)
        return finish(fields)
    }
}
