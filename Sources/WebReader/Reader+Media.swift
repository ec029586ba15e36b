import ArchiveCore
import Foundation
import HTTPTypes
import Hummingbird
import MediaFiles

extension Reader {
    /// `/media/<sha256>[.<ext>]`: a stored file by its hash alone, never by a path, so no request can
    /// leave the media folder (`..`, `/`, `%2e` are not hex), opened and checked as ``StoredMediaFile``
    /// says. Streamed by Hummingbird's `FileMiddleware` from a ``MediaStoreProvider``: `Range` (206 with
    /// `Content-Range`), `If-Range`, `ETag`, HEAD, and a chunk at a time, so a large file sent to slow
    /// readers is never held whole; what it reads wrong at a file's edges (a suffix, a range past the end:
    /// 416) is mended around it (``ByteRange``). Served with the type its stored extension says when that is a
    /// passive picture, video or sound (`MediaFileKind`); anything else as `application/octet-stream`, to
    /// download, never shown inline.
    func media(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let name = String(request.uri.path.dropFirst("/media/".count))
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let hash = String(parts[0])
        guard hash.count == 64, hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
            parts.count == 1 || parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
            throw PageFailure(status: .badRequest, message: "Media are named by their SHA-256 alone.")
        }
        let notFound = PageFailure(status: .notFound, message: "No stored media file has that hash.")
        guard let ext = try await store.mediaExtension(sha256: hash), Self.isPlainName(ext) else { throw notFound }
        let file = StoredMediaFile(layout: media, sha256: hash, ext: ext, verifier: verifier)
        let provider = MediaStoreProvider(file: file)
        let files = FileMiddleware<BasicRequestContext, MediaStoreProvider>(
            fileProvider: provider, urlBasePath: "/media")
        var request = request
        var size: Int?
        if let range = request.headers[.range] {
            // A suffix range is read as the range it stands for, which needs the size (see ``ByteRange``).
            guard let attributes = try await provider.getAttributes(id: name) else { throw notFound }
            size = attributes.size
            var head = request.head
            head.headerFields[.range] = ByteRange.resolvingSuffix(range, size: attributes.size)
            request = Request(head: head, body: request.body)
        }
        var response: Response
        do {
            response = try await files.handle(request, context: context) { _, _ in throw HTTPError(.notFound) }
        } catch let error as HTTPError {
            if error.status == .notFound { throw notFound }
            var failure = PageFailure(status: error.status, message: "That part of the file cannot be sent.")
            if error.status == .rangeNotSatisfiable, let size {
                failure.headers = [HTTPField(name: .contentRange, value: ByteRange.unsatisfiedContentRange(size: size))]
            }
            throw failure
        }
        if MediaFileKind(extension: ext) != nil, let type = Self.mediaTypes[ext.lowercased()] {
            response.headers[.contentType] = type
        } else {
            response.headers[.contentType] = "application/octet-stream"
            response.headers[.contentDisposition] = "attachment; filename=\"\(hash).\(MediaFileKind.neutralExtension)\""
        }
        // The bytes of a hash never change.
        response.headers[.cacheControl] = "private, max-age=31536000, immutable"
        return response
    }

    /// Whether a stored extension may stand in a file name: 1 to 8 ASCII letters or digits.
    private static func isPlainName(_ ext: String) -> Bool {
        (1...8).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The media type of each extension on the allow-list.
    static let mediaTypes: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "heic": "image/heic", "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm",
        "mov": "video/quicktime", "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg",
        "m4a": "audio/mp4", "wav": "audio/wav", "flac": "audio/flac",
    ]
}
