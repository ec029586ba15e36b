/// What Hummingbird's `FileMiddleware` (2.28) reads wrong in a `Range` header, mended before and
/// after it: it reads a suffix (`bytes=-500`, the last 500 bytes) as the first 501 bytes, and answers
/// a range starting at or past the end with 206 and a `Content-Range` like `bytes 61-60/61` (and a
/// negative length). RFC 9110 says a suffix is the representation's last bytes (14.1.2), and a range
/// that is not satisfiable is answered 416 with `Content-Range: bytes */SIZE` (15.5.17).
enum ByteRange {
    /// The header with a suffix range written as the range it stands for in a file of `size` bytes
    /// (`bytes=-4` of 61: `bytes=57-`); a suffix of nothing, or of an empty file, as one starting at the
    /// end, which is not satisfiable. Anything else as it is, for `FileMiddleware` to read.
    static func resolvingSuffix(_ header: String, size: Int) -> String {
        let prefix = "bytes=-"
        guard header.hasPrefix(prefix), let length = Int(header.dropFirst(prefix.count)), length >= 0 else {
            return header
        }
        guard length > 0, size > 0 else { return "bytes=\(size)-" }
        return "bytes=\(max(0, size - length))-"
    }

    /// Whether a range starting at `start` can be sent from a file of `size` bytes: it must start
    /// inside the file.
    static func isSatisfiable(start: Int, size: Int) -> Bool { start >= 0 && start < size }

    /// The `Content-Range` of a 416: the file's size.
    static func unsatisfiedContentRange(size: Int) -> String { "bytes */\(size)" }
}
