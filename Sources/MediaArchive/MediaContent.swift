import Foundation

/// What a response holds: its MIME type (declared or recognised from the first bytes), whether it is
/// media at all, and the file extension to store it under.
enum MediaContent {
    /// The declared type without parameters, lower-cased; nil when absent.
    static func declaredType(_ header: String?) -> String? {
        guard let header else { return nil }
        let type = header.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty ? nil : type
    }

    /// Why a declared type is not media (an HTML page, a JSON error…), or nil when it may be.
    static func refusal(declared type: String?) -> String? {
        guard let type else { return nil }
        if type.hasPrefix("text/") || type == "application/json" || type == "application/xhtml+xml"
            || type == "application/xml" || type.hasSuffix("+json") {
            return "\(type) instead of media"
        }
        return nil
    }

    /// Why the first bytes are not media (they open an HTML or XML page), or nil.
    static func refusal(firstBytes: Data) -> String? {
        let head = String(decoding: firstBytes.prefix(256), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head") || head.hasPrefix("<body") {
            return "an HTML page instead of media"
        }
        if head.hasPrefix("{\"error\"") { return "a JSON error instead of media" }
        return nil
    }

    /// The type recognised from the first bytes, for well-known media formats.
    static func sniff(_ bytes: Data) -> String? {
        let b = [UInt8](bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("ftypavif".utf8), at: 4) { return "image/avif" }
        if starts(Array("ftyp".utf8), at: 4) { return "video/mp4" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "video/webm" }
        if starts(Array("OggS".utf8)) { return "audio/ogg" }
        if starts(Array("ID3".utf8)) || starts([0xFF, 0xFB]) { return "audio/mpeg" }
        if starts(Array("fLaC".utf8)) { return "audio/flac" }
        return nil
    }

    /// The type to record: the declared one, unless it is missing or generic and the bytes say more.
    static func mediaType(declared: String?, firstBytes: Data) -> String {
        if let declared, declared != "application/octet-stream", declared != "binary/octet-stream" { return declared }
        return sniff(firstBytes) ?? declared ?? "application/octet-stream"
    }

    private static let extensions: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif",
        "image/heic": "heic", "image/svg+xml": "svg", "image/bmp": "bmp",
        "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov", "video/ogg": "ogv",
        "audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/ogg": "ogg", "audio/mp4": "m4a", "audio/aac": "aac",
        "audio/wav": "wav", "audio/x-wav": "wav", "audio/flac": "flac", "audio/webm": "weba", "audio/opus": "opus",
    ]

    /// The extension for a type, else the URL's (letters and digits, at most 5), else `bin`.
    static func fileExtension(type: String, url: URL) -> String {
        if let known = extensions[type] { return known }
        let fromURL = url.pathExtension.lowercased()
        if !fromURL.isEmpty, fromURL.count <= 5, fromURL.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            return fromURL
        }
        return "bin"
    }
}
