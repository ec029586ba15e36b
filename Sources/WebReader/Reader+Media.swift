import ArchiveCore
import Foundation
import HTTPTypes
import MediaFiles

extension Reader {
    /// `/media/<sha256>[.<ext>]`: a stored file by its hash alone, never by a path, so no request can
    /// leave the media folder (`..`, `/`, `%2e` are not hex). Served with the type its stored extension
    /// says when that is a passive picture, video or sound (`MediaFileKind`); anything else as
    /// `application/octet-stream`, to download, never shown inline.
    func mediaFile(_ name: String) async throws -> Reply {
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let hash = String(parts[0])
        guard hash.count == 64, hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
            parts.count == 1 || parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
            throw PageFailure(status: .badRequest, message: "Media are named by their SHA-256 alone.")
        }
        guard let ext = try await store.mediaExtension(sha256: hash), Self.isPlainName(ext),
            let data = try? Data(contentsOf: media.file(sha256: hash, ext: ext), options: .mappedIfSafe)
        else {
            throw PageFailure(status: .notFound, message: "No stored media file has that hash.")
        }
        var reply = Reply(status: .ok, type: "application/octet-stream", body: data)
        if MediaFileKind(extension: ext) != nil, let type = Self.mediaTypes[ext.lowercased()] {
            reply.type = type
        } else {
            reply.headers.append(
                HTTPField(
                    name: .contentDisposition,
                    value: "attachment; filename=\"\(hash).\(MediaFileKind.neutralExtension)\""))
        }
        // The bytes of a hash never change.
        reply.headers.append(HTTPField(name: .cacheControl, value: "private, max-age=31536000, immutable"))
        return reply
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
