import Foundation

/// What a response holds: its MIME type (declared or recognised from the first bytes), whether it is
/// media at all, and the file extension to store it under.
package enum MediaContent {
    /// The declared type without parameters, lower-cased; nil when absent.
    package static func declaredType(_ header: String?) -> String? {
        guard let header else { return nil }
        let type = header.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty ? nil : type
    }

    /// Why a declared type is not media (an HTML page, a JSON error…), or nil when it may be.
    package static func refusal(declared type: String?) -> String? {
        guard let type else { return nil }
        if type.hasPrefix("text/") || type == "application/json" || type == "application/xhtml+xml"
            || type == "application/xml" || type.hasSuffix("+json")
        {
            return "\(type) instead of media"
        }
        return nil
    }

    /// Why the first bytes are not media (they open an HTML or XML page), or nil.
    package static func refusal(firstBytes: Data) -> String? {
        let head = String(decoding: firstBytes.prefix(256), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head")
            || head.hasPrefix("<body")
        {
            return "an HTML page instead of media"
        }
        if head.hasPrefix("{\"error\"") { return "a JSON error instead of media" }
        return nil
    }

    /// The type recognised from the first bytes, for well-known media formats.
    package static func sniff(_ bytes: Data) -> String? {
        let b = [UInt8](bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<(offset + prefix.count)]) == prefix
        }
        func brand(_ name: String) -> Bool { starts(Array("ftyp\(name)".utf8), at: 4) }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("RIFF".utf8)) && starts(Array("WAVE".utf8), at: 8) { return "audio/wav" }
        if brand("avif") || brand("avis") { return "image/avif" }
        if brand("heic") || brand("heix") || brand("mif1") { return "image/heic" }
        if brand("M4A ") { return "audio/mp4" }
        if brand("qt  ") { return "video/quicktime" }
        if starts(Array("ftyp".utf8), at: 4) { return "video/mp4" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "video/webm" }
        if starts(Array("OggS".utf8)) { return "audio/ogg" }
        if starts(Array("ID3".utf8)) || starts([0xFF, 0xFB]) || starts([0xFF, 0xF3]) || starts([0xFF, 0xF2]) {
            return "audio/mpeg"
        }
        if starts(Array("fLaC".utf8)) { return "audio/flac" }
        return nil
    }

    /// The type to record: the declared one, unless it is missing or generic and the bytes say more.
    package static func mediaType(declared: String?, firstBytes: Data) -> String {
        if let declared, declared != "application/octet-stream", declared != "binary/octet-stream" { return declared }
        return sniff(firstBytes) ?? declared ?? "application/octet-stream"
    }

    /// The extension a file is stored under, from what its first bytes are (never from the URL or the
    /// declared type, which a server chooses): one of `MediaFileKind`'s passive formats, else `bin`. So
    /// SVG, HTML, XHTML, XML or anything unknown is never stored with an extension a browser would run.
    package static func storedExtension(firstBytes: Data) -> String {
        sniff(firstBytes).flatMap { MediaFileKind.extensions[$0] } ?? MediaFileKind.neutralExtension
    }
}

/// What a stored file may be shown as, judged by its extension (which `MediaContent` chose from the
/// file's bytes): an allow-list of image, video and audio formats that cannot carry script.
public enum MediaFileKind: String, Sendable, CaseIterable {
    case image, video, audio

    /// The extension of every file that is none of these: never linked as a picture, video or sound.
    public static let neutralExtension = "bin"

    /// Sniffed type → extension, for the formats a page may show.
    static let extensions: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif",
        "image/heic": "heic",
        "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov",
        "audio/mpeg": "mp3", "audio/ogg": "ogg", "audio/mp4": "m4a", "audio/wav": "wav", "audio/flac": "flac",
    ]

    /// The kind of a stored file's extension, or `nil` when it is not on the allow-list (`bin`, or an
    /// `svg`/`html` that an older Icebox stored: shown as a plain "file not shown" entry).
    public init?(extension ext: String) {
        switch ext.lowercased() {
        case "png", "jpg", "jpeg", "gif", "webp", "avif", "heic": self = .image
        case "mp4", "webm", "mov", "m4v": self = .video
        case "mp3", "ogg", "oga", "m4a", "wav", "flac", "opus": self = .audio
        default: return nil
        }
    }
}
