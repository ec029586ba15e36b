import Foundation

/// A file stored from a stream (an import reading a ZIP entry), as the catalogue records it.
public struct StreamedFile: Sendable, Hashable {
    public var sha256: String
    public var size: Int64
    /// The type recognised from its first bytes (`application/octet-stream` when none).
    public var mime: String
    /// The extension it is stored under (from its bytes, never from a name; see `MediaContent`).
    public var ext: String
    /// Whether this call put the file in place (false: the same bytes were already stored).
    public var placedNew: Bool
}

/// Why a stream could not be stored.
public enum StreamedFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// More bytes than the limit: nothing was kept.
    case tooLarge(limit: Int64)
    /// The media folder could not be written.
    case storage(String)
    /// The source failed while it was read.
    case source(String)

    public var description: String {
        switch self {
        case .tooLarge(let limit): "larger than the limit of \(limit) bytes"
        case .storage(let reason): reason
        case .source(let reason): reason
        }
    }
}

extension MediaLayout {
    /// Stores what `read` yields (it fills the buffer and returns how many bytes it wrote, 0 at the end,
    /// or throws) in the content-addressed store: written to `media/.tmp` and hashed as it comes, in
    /// pieces of at most 1 MiB, then renamed into place. More than `limit` bytes: nothing is kept.
    public func storeStream(
        limit: Int64,
        _ read: (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws(StreamedFileError) -> StreamedFile {
        let temporaryFile: URL
        do { temporaryFile = try newTemporaryFile() } catch { throw .storage(error.description) }
        var keep = false
        defer { if !keep { try? FileManager.default.removeItem(at: temporaryFile) } }
        let handle: FileHandle
        do { handle = try FileHandle(forWritingTo: temporaryFile) } catch {
            throw .storage("\(temporaryFile.path): \(error.localizedDescription)")
        }
        var hasher = SHA256()
        var size: Int64 = 0
        var head = Data()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        do {
            defer { try? handle.close() }
            while true {
                let count: Int
                do { count = try read(buffer) } catch { throw StreamedFileError.source("\(error)") }
                if count <= 0 { break }
                size += Int64(count)
                if size > limit { throw StreamedFileError.tooLarge(limit: limit) }
                let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                hasher.update(piece)
                if head.count < 64 { head.append(contentsOf: piece.prefix(64 - head.count)) }
                if let failure = Self.write(piece, to: handle.fileDescriptor) {
                    throw StreamedFileError.storage("\(temporaryFile.path): \(failure)")
                }
            }
        } catch let error as StreamedFileError {
            throw error
        } catch {
            throw .storage("\(error)")
        }
        let sha256 = hasher.hexDigest()
        let ext = MediaContent.storedExtension(firstBytes: head)
        let mime = MediaContent.sniff(head) ?? "application/octet-stream"
        let target = file(sha256: sha256, ext: ext)
        let existed = FileManager.default.fileExists(atPath: target.path)
        if !existed {
            do { _ = try place(temporaryFile, sha256: sha256, ext: ext) } catch { throw .storage(error.description) }
            keep = true
        }
        return StreamedFile(sha256: sha256, size: size, mime: mime, ext: ext, placedNew: !existed)
    }

    /// Writes the whole piece straight from the buffer (no copy into a `Data` for each piece); the
    /// system's reason when it cannot.
    private static func write(_ piece: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        guard let base = piece.baseAddress else { return nil }
        var offset = 0
        while offset < piece.count {
            let written = Foundation.write(descriptor, base + offset, piece.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}
