import CZlib
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The bytes of a WARC file as a stream: read from the file 64 KiB at a time and, when the file is gzip,
/// inflated member after member as they are read. Nothing holds a member, or a block, whole: memory is
/// two buffers whatever the file, and a member that inflates to gigabytes is only as large as the reader
/// lets it get (see ``WARCStreamReader``).
final class WARCInput {
    private let descriptor: Int32
    let isGzip: Bool
    private static let piece = 1 << 16
    private var raw = [UInt8](repeating: 0, count: piece)
    private var rawStart = 0
    private var rawEnd = 0
    /// The file offset of `raw[rawEnd]`.
    private var fileOffset: Int64 = 0
    private var output = [UInt8](repeating: 0, count: piece)
    private var outStart = 0
    private var outEnd = 0
    private var stream = z_stream()
    private var streamReady = false
    private var inMember = false
    /// Where the gzip member being read starts in the file.
    private var memberStart: Int64 = 0
    /// The uncompressed bytes handed out so far.
    private(set) var produced: Int64 = 0

    /// The file bytes used so far (read and inflated, or handed out).
    var consumed: Int64 { fileOffset - Int64(rawEnd - rawStart) }

    /// The member the buffered output was inflated from.
    private var outputMember: Int64 = 0

    /// Where the next byte handed out comes from (after ``peek()``): its offset in an uncompressed file,
    /// its member's in a gzip file.
    var place: Int64 {
        guard isGzip else { return consumed }
        if outStart < outEnd { return outputMember }
        return inMember ? memberStart : consumed
    }

    init(descriptor: Int32, isGzip: Bool) {
        self.descriptor = descriptor
        self.isGzip = isGzip
    }

    deinit {
        if streamReady { inflateEnd(&stream) }
        close(descriptor)
    }

    /// Why the bytes stopped.
    enum Failure: Error {
        case truncated
        case corrupt(String)
        case unreadable(String)
    }

    /// Copies up to `buffer.count` bytes out; 0 at the end of the file (between members of a gzip file).
    func read(_ buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard try fill() else { return 0 }
        let count = min(buffer.count, outEnd - outStart)
        if isGzip {
            output.withUnsafeBytes {
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[outStart..<(outStart + count)]))
            }
        } else {
            raw.withUnsafeBytes {
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[outStart..<(outStart + count)]))
            }
        }
        outStart += count
        if !isGzip { rawStart = outStart }
        produced += Int64(count)
        return count
    }

    /// The next byte, without taking it; `nil` at the end.
    func peek() throws(Failure) -> UInt8? {
        guard try fill() else { return nil }
        return isGzip ? output[outStart] : raw[outStart]
    }

    /// Takes one byte; `nil` at the end.
    func next() throws(Failure) -> UInt8? {
        guard let byte = try peek() else { return nil }
        outStart += 1
        if !isGzip { rawStart = outStart }
        produced += 1
        return byte
    }

    /// Whether bytes are waiting to be handed out (filling the buffer when none are).
    private func fill() throws(Failure) -> Bool {
        guard outStart == outEnd else { return true }
        guard isGzip else {
            guard try readRaw() else { return false }
            (outStart, outEnd) = (rawStart, rawEnd)
            return true
        }
        while outStart == outEnd {
            if !inMember {
                if rawStart == rawEnd, try !readRaw() { return false }
                memberStart = consumed
                try startMember()
            }
            if rawStart == rawEnd, try !readRaw() { throw .truncated }
            let status = try inflatePiece()
            switch status {
            case Z_STREAM_END: inMember = false
            case Z_OK, Z_BUF_ERROR: continue
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw .corrupt(message)
            }
        }
        return true
    }

    private func startMember() throws(Failure) {
        let status = streamReady ? inflateReset(&stream) : icebox_inflate_gzip_init(&stream)
        guard status == Z_OK else { throw .corrupt("zlib could not start") }
        streamReady = true
        inMember = true
    }

    /// Inflates what is read into the output buffer, which is empty.
    private func inflatePiece() throws(Failure) -> Int32 {
        let available = rawEnd - rawStart
        let status: Int32 = raw.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = input.baseAddress.map { $0 + rawStart }
                stream.avail_in = uInt(available)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(Self.piece)
                return inflate(&stream, Z_NO_FLUSH)
            }
        }
        rawStart = rawEnd - Int(stream.avail_in)
        outputMember = memberStart
        outStart = 0
        outEnd = Self.piece - Int(stream.avail_out)
        return status
    }

    /// Reads the next piece of the file into the empty raw buffer; false at its end.
    private func readRaw() throws(Failure) -> Bool {
        let count = raw.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Self.piece, off_t(fileOffset)) }
        guard count >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        rawStart = 0
        rawEnd = count
        fileOffset += Int64(count)
        return count > 0
    }

    /// Goes on at the next gzip member after the one at `offset` (the next gzip magic, 1f 8b 08), or at
    /// the end: where reading resumes after a damaged place.
    func resync(after offset: Int64) {
        var at = offset + 1
        var window = [UInt8](repeating: 0, count: Self.piece + 2)
        scan: while true {
            let count = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Self.piece + 2, off_t(at)) }
            guard count >= 3 else {
                at += Int64(max(count, 0))
                break scan
            }
            for index in 0..<(count - 2)
            where window[index] == 0x1F && window[index + 1] == 0x8B && window[index + 2] == 0x08 {
                at += Int64(index)
                break scan
            }
            at += Int64(count - 2)
        }
        fileOffset = at
        (rawStart, rawEnd, outStart, outEnd) = (0, 0, 0, 0)
        inMember = false
    }

    /// Stops reading: the rest of an uncompressed file cannot be found again after a damaged place.
    func stop() {
        fileOffset = .max / 2
        (rawStart, rawEnd, outStart, outEnd) = (0, 0, 0, 0)
    }
}
