import CZlib
import Foundation

/// Gzip members (RFC 1952) through zlib: one member per record, as WARC readers expect of a
/// `.warc.gz` (each record can then be read alone at its offset, as CDX indexes point to it). They are
/// read back as a stream by ``WARCStreamReader``.
public enum GzipMember {
    /// `data` as one complete gzip member.
    public static func compress(_ data: Data, level: Int32 = 6) -> Data {
        var stream = z_stream()
        guard icebox_deflate_gzip_init(&stream, level) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count))) + 64
        var output = Data(count: bound)
        let status: Int32 = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(data.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(bound)
                return deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END, "deflateBound left too little room")
        output.count = Int(stream.total_out)
        return output
    }

    /// Whether `data` starts with a gzip member's magic.
    public static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }
}
