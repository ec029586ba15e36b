import Foundation
import Hummingbird
import _NIOFileSystem

/// One stored media file for Hummingbird's `FileMiddleware`, which does the HTTP part (ranges,
/// conditional requests, HEAD, lengths): its attributes once it is opened and verified, and its bytes
/// read a chunk at a time from a file opened again the same way, only while it is still the verified one.
struct MediaStoreProvider: FileProvider {
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool { false }
        var size: Int
        var modificationDate: Date
    }

    let file: StoredMediaFile

    /// The file was chosen by hash before; the path (`/<sha256>.<ext>`) says nothing more.
    func getFileIdentifier(_ path: String) -> String? { path }

    func getAttributes(id: String) async throws -> FileAttributes? {
        try await file.withVerifiedFile { _, _, info in
            FileAttributes(
                size: Int(info.size),
                modificationDate: Date(timeIntervalSince1970: TimeInterval(info.lastDataModificationTime.seconds)))
        }
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        guard let size = try await getAttributes(id: id)?.size else { throw HTTPError(.notFound) }
        return size == 0 ? ResponseBody() : try await loadFile(id: id, range: 0...(size - 1), context: context)
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext)
        async throws -> ResponseBody
    {
        guard let size = try await getAttributes(id: id)?.size else { throw HTTPError(.notFound) }
        // FileMiddleware asks for any range that parses, even one past the end (see ``ByteRange``).
        guard ByteRange.isSatisfiable(start: range.lowerBound, size: size) else {
            throw HTTPError(
                .rangeNotSatisfiable, headers: [.contentRange: ByteRange.unsatisfiedContentRange(size: size)])
        }
        let range = range.clamped(to: 0...(size - 1))
        let file = self.file
        return ResponseBody(contentLength: range.count) { writer in
            let sent: Bool? = try await file.withVerifiedFile { handle, _, _ in
                let chunks = handle.readChunks(
                    in: Int64(range.lowerBound)..<Int64(range.upperBound + 1), chunkLength: .kibibytes(128))
                for try await chunk in chunks { try await writer.write(chunk) }
                return true
            }
            // Gone or changed since its head was sent: the connection ends short, as it should.
            guard sent == true else { throw HTTPError(.notFound) }
            try await writer.finish(nil)
        }
    }
}
