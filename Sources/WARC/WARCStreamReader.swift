import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a WARC file record by record without holding a block, or a gzip member, whole: ``next()``
/// gives a record's header, ``readBlock(_:)`` its block piece by piece, and ``endRecord()`` checks the
/// digests it carries once the block was read. What the reader has read of the file and how much it
/// inflated are always known (``compressedPosition``, ``inflatedPosition``), so its caller can refuse a
/// member that inflates too far while it inflates.
///
/// A damaged place (a member cut short or that does not inflate, a header that is not WARC) is reported
/// with the file, the byte offset of its member (of the record, uncompressed) and the record id when
/// known; reading goes on at the next gzip member. An uncompressed file cannot be read past one.
public final class WARCStreamReader {
    /// A record's header (a ``WARCRecord`` with an empty block), or why the place could not be read.
    public enum Event: Sendable {
        case record(WARCRecord, offset: Int)
        case damaged(WARCReadProblem)
    }

    public let file: URL
    private let input: WARCInput
    /// The longest record header read.
    public var maxHeaderBytes = 1 << 20
    private var open: (record: WARCRecord, offset: Int64)?
    private var remaining: Int64 = 0
    private var blockDigest: WARCDigest.Running?
    private var payload = PayloadDigest(nil)
    /// Bytes of the open block read ahead (past an HTTP header) and not yet handed out.
    private var pending = Data()

    /// The file bytes read so far, and the bytes they inflated to.
    public var compressedPosition: Int64 { input.consumed }
    public var inflatedPosition: Int64 { input.produced }
    /// How many bytes of the open record's block are still to be read.
    public var blockRemaining: Int64 { remaining + Int64(pending.count) }

    /// Opens `file`; a folder, a file that cannot be read, or one that is neither gzip nor starts with a
    /// WARC version line is refused.
    public init(file: URL) throws(WARCReadProblem) {
        self.file = file
        let refuse = { (reason: String) in WARCReadProblem(file: file.path, offset: 0, recordID: nil, reason: reason) }
        let descriptor = Glibc.open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw refuse("cannot be opened: \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else {
            close(descriptor)
            throw refuse("it is a folder or a device")
        }
        var magic = [UInt8](repeating: 0, count: 5)
        let count = magic.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 5, 0) }
        let isGzip = count >= 2 && magic[0] == 0x1F && magic[1] == 0x8B
        guard isGzip || (count == 5 && magic == Array("WARC/".utf8)) else {
            close(descriptor)
            throw refuse(count < 0 ? String(cString: strerror(errno)) : "neither gzip nor a WARC/ version line")
        }
        input = WARCInput(descriptor: descriptor, isGzip: isGzip)
    }

    /// The next record's header, or damaged place; `nil` at the end. The block of the record before it
    /// must have been read (``readBlock(_:)``) and ended (``endRecord()``).
    public func next() -> Event? {
        precondition(open == nil, "endRecord() the record before")
        do throws(WARCInput.Failure) {
            // Blank lines between records are tolerated (some writers add more than two).
            while let byte = try input.peek(), byte == 0x0D || byte == 0x0A { _ = try input.next() }
            guard try input.peek() != nil else { return nil }
        } catch {
            return .damaged(damaged(error, at: input.place, recordID: nil))
        }
        let offset = input.place
        do throws(WARCReadProblem) {
            let record = try readHead(at: offset)
            open = (record, offset)
            remaining = record.contentLength ?? 0
            blockDigest = record["WARC-Block-Digest"].flatMap(WARCDigest.Running.init)
            let isHTTP = record["Content-Type"]?.lowercased().hasPrefix("application/http") == true
            payload = PayloadDigest(record["WARC-Payload-Digest"].flatMap(WARCDigest.Running.init), http: isHTTP)
            return .record(record, offset: Int(offset))
        } catch {
            return .damaged(error)
        }
    }

    /// Up to `buffer.count` bytes of the open record's block; 0 once it was all read.
    public func readBlock(_ buffer: UnsafeMutableRawBufferPointer) throws(WARCReadProblem) -> Int {
        if !pending.isEmpty, buffer.count > 0 {
            let count = min(buffer.count, pending.count)
            pending.prefix(count).withUnsafeBytes { buffer.copyMemory(from: $0) }
            pending.removeFirst(count)
            return count
        }
        return try readAhead(buffer)
    }

    /// The HTTP header at the start of the open record's block (a `request` or `response` record), read
    /// up to the empty line that ends it; the body follows in ``readBlock(_:)``. `nil` when the block
    /// has no complete header in its first `limit` bytes (they are then the first bytes ``readBlock(_:)``
    /// gives).
    public func readHTTPHead(limit: Int = 1 << 20) throws(WARCReadProblem) -> HTTPMessage? {
        precondition(pending.isEmpty, "the HTTP header is read first")
        let end = Data([0x0D, 0x0A, 0x0D, 0x0A])
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
        defer { piece.deallocate() }
        var head = Data()
        while head.count < limit {
            let count = try readAhead(piece)
            guard count > 0 else { break }
            let searchFrom = max(head.startIndex, head.endIndex - 3)
            head.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[0..<count]))
            if let found = head.range(of: end, in: searchFrom..<head.endIndex) {
                pending = Data(head[found.upperBound...])
                return HTTPMessage(parsing: Data(head[..<found.upperBound]))
            }
        }
        pending = head
        return nil
    }

    /// Reads block bytes from the file, digesting them.
    private func readAhead(_ buffer: UnsafeMutableRawBufferPointer) throws(WARCReadProblem) -> Int {
        guard let open, remaining > 0, buffer.count > 0 else { return 0 }
        let wanted = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Int(min(Int64(buffer.count), remaining))])
        let count: Int
        do throws(WARCInput.Failure) { count = try input.read(wanted) } catch {
            self.open = nil
            throw damaged(error, at: open.offset, recordID: open.record.recordID)
        }
        guard count > 0 else {
            self.open = nil
            throw damaged(.truncated, at: open.offset, recordID: open.record.recordID)
        }
        let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        blockDigest?.update(piece)
        payload.update(piece)
        remaining -= Int64(count)
        return count
    }

    /// Ends the open record: reads what is left of its block (unread bytes count as read), the two line
    /// ends that close it, and checks its digests; the problem, when there is one.
    public func endRecord() -> WARCReadProblem? {
        guard let open else { return nil }
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { scratch.deallocate() }
        pending = Data()
        do throws(WARCReadProblem) {
            while try readAhead(scratch) > 0 {}
        } catch {
            return error
        }
        self.open = nil
        let problem = { (reason: String) in
            WARCReadProblem(
                file: self.file.path, offset: Int(open.offset), recordID: open.record.recordID, reason: reason)
        }
        do throws(WARCInput.Failure) {
            for expected: UInt8 in [0x0D, 0x0A, 0x0D, 0x0A] {
                guard try input.next() == expected else {
                    skipDamage(at: open.offset)
                    return problem("the block is not followed by the two line ends that close a record")
                }
            }
        } catch {
            return damaged(error, at: open.offset, recordID: open.record.recordID)
        }
        if let block = open.record["WARC-Block-Digest"], blockDigest?.matches() == false {
            return problem("its WARC-Block-Digest \(block) does not match its block")
        }
        if let label = open.record["WARC-Payload-Digest"], payload.matches() == false {
            return problem("its WARC-Payload-Digest \(label) does not match its payload")
        }
        return nil
    }

    /// The header of the record at `offset`: up to the empty line that ends it.
    private func readHead(at offset: Int64) throws(WARCReadProblem) -> WARCRecord {
        var head = Data()
        let end: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        do {
            while !head.suffix(4).elementsEqual(end) {
                guard head.count < maxHeaderBytes else {
                    skipDamage(at: offset)
                    throw WARCReadProblem(
                        file: file.path, offset: Int(offset), recordID: nil,
                        reason: "no end of the record's header in its first \(maxHeaderBytes) bytes")
                }
                guard let byte = try input.next() else { throw WARCInput.Failure.truncated }
                head.append(byte)
                if head.count == 5, !head.elementsEqual("WARC/".utf8) {
                    skipDamage(at: offset)
                    throw WARCReadProblem(
                        file: file.path, offset: Int(offset), recordID: nil, reason: WARCFormatError.notWARC.description
                    )
                }
            }
        } catch let failure as WARCInput.Failure {
            throw damaged(failure, at: offset, recordID: nil)
        } catch let problem as WARCReadProblem {
            throw problem
        } catch {
            throw WARCReadProblem(file: file.path, offset: Int(offset), recordID: nil, reason: "\(error)")
        }
        do throws(WARCFormatError) { return try WARCRecord.parseHead(head.dropLast(4)) } catch {
            skipDamage(at: offset)
            throw WARCReadProblem(file: file.path, offset: Int(offset), recordID: nil, reason: error.description)
        }
    }

    /// Goes on after a damaged place: at the next gzip member, or nowhere in an uncompressed file.
    private func skipDamage(at offset: Int64) {
        if input.isGzip { input.resync(after: offset) } else { input.stop() }
    }

    private func damaged(_ failure: WARCInput.Failure, at offset: Int64, recordID: String?) -> WARCReadProblem {
        skipDamage(at: offset)
        let reason =
            switch failure {
            case .truncated:
                input.isGzip
                    ? "the gzip member is cut short (the file ends inside it)" : WARCFormatError.truncated.description
            case .corrupt(let why): "the gzip member is damaged (\(why))"
            case .unreadable(let why): "cannot be read: \(why)"
            }
        return WARCReadProblem(file: file.path, offset: Int(offset), recordID: recordID, reason: reason)
    }
}
