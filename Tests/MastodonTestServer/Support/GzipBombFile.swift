import Foundation

/// Decompression bombs as files, for the importers of files.
public enum GzipBombFile {
    /// Writes one gzip member that decodes to `prefix` followed by copies of its last byte, about
    /// `decodedSize` bytes in all (about 160 times its own size), to `file`, never holding it whole (a
    /// WARC record whose block inflates to gigabytes, say). See ``GzipBomb``.
    public static func write(prefix: [UInt8], decodedSize: Int64, to file: URL) throws {
        let bomb = GzipBomb(prefix: prefix, decodedSize: decodedSize)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.write(contentsOf: bomb.head)
        let chunk = Array([[UInt8]](repeating: bomb.period, count: 5041).joined())
        var left = bomb.periods
        while left > 0 {
            let periods = min(left, 5041)
            try handle.write(contentsOf: chunk.prefix(periods * bomb.period.count))
            left -= periods
        }
        try handle.write(contentsOf: bomb.tail)
    }
}
