import FlyingFox
import FlyingSocks
import Foundation

/// A gzip stream that decodes to `prefix` followed by copies of its last byte, about `decodedSize`
/// bytes in all, sent without ever being held whole: a decompression bomb.
///
/// One fixed-Huffman deflate block: the prefix as literals, then matches of length 258 at distance 1
/// (13 bits each, about 160:1). Eight matches take exactly 13 bytes, so after the first eight the
/// stream repeats a 13-byte period and costs nothing to make. The trailer's CRC is left at zero: a
/// client that reads to the end gets a checksum error; one that caps the decoded bytes never gets there.
struct GzipBomb: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    /// The header, the prefix and the first eight matches.
    let head: [UInt8]
    /// Eight more matches.
    let period: [UInt8]
    /// How many times `period` follows `head`.
    let periods: Int
    /// The end-of-block code, padding and the gzip trailer.
    let tail: [UInt8]
    let prefixCount: Int

    init(prefix: [UInt8], decodedSize: Int64) {
        precondition(!prefix.isEmpty, "a match copies the previous byte")
        var writer = BitWriter()
        writer.bytes = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        writer.bits(1, count: 1)  // final block
        writer.bits(1, count: 2)  // fixed Huffman codes
        for byte in prefix {
            if byte < 144 {
                writer.code(0x30 + UInt32(byte), length: 8)
            } else {
                writer.code(0x190 + UInt32(byte) - 144, length: 9)
            }
        }
        writer.matches(8)
        head = writer.take()
        var repeated = writer
        repeated.matches(8)
        period = repeated.take()
        var end = writer
        end.code(0, length: 7)  // end of block
        end.flush()
        prefixCount = prefix.count
        let matchBytes = Swift.max(0, decodedSize - Int64(prefix.count) - 8 * 258)
        periods = Int(matchBytes / (8 * 258))
        let size = UInt32(truncatingIfNeeded: Int64(prefix.count) + Int64(8 + 8 * periods) * 258)
        tail = end.take() + [0, 0, 0, 0] + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    }

    /// The bytes decoded from the whole stream.
    var decodedSize: Int64 { Int64(prefixCount) + Int64(8 + 8 * periods) * 258 }

    /// The exact length of the stream (for `Content-Length`).
    var encodedSize: Int { head.count + period.count * periods + tail.count }

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        let bomb: GzipBomb
        /// 5041 periods: just under 64 KiB.
        let chunk: [UInt8]
        var sentHead = false
        var periodsLeft: Int
        var sentTail = false

        init(bomb: GzipBomb) {
            self.bomb = bomb
            chunk = Array([[UInt8]](repeating: bomb.period, count: 5041).joined())
            periodsLeft = bomb.periods
        }

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            try Task.checkCancellation()
            if !sentHead {
                sentHead = true
                return bomb.head
            }
            if periodsLeft >= 5041 {
                periodsLeft -= 5041
                return chunk
            }
            if periodsLeft > 0 {
                defer { periodsLeft = 0 }
                return Array(chunk.prefix(periodsLeft * bomb.period.count))
            }
            guard !sentTail else { return nil }
            sentTail = true
            return bomb.tail
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bomb: self) }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
struct BitWriter: Sendable {
    var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var filled = 0

    mutating func bits(_ value: UInt32, count: Int) {
        for index in 0..<count { bit((value >> index) & 1) }
    }

    mutating func code(_ value: UInt32, length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { bit((value >> index) & 1) }
    }

    /// `count` matches of length 258 (symbol 285, no extra bits) at distance 1 (code 0).
    mutating func matches(_ count: Int) {
        for _ in 0..<count {
            code(0xC5, length: 8)
            code(0, length: 5)
        }
    }

    private mutating func bit(_ value: UInt32) {
        buffer |= value << filled
        filled += 1
        if filled == 8 {
            bytes.append(UInt8(buffer))
            buffer = 0
            filled = 0
        }
    }

    /// Pads the last byte with zero bits.
    mutating func flush() {
        if filled > 0 {
            bytes.append(UInt8(buffer))
            buffer = 0
            filled = 0
        }
    }

    /// The whole bytes written so far, removed from the writer (the bits of a partial byte stay).
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
