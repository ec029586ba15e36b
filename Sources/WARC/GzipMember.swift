import CZlib
import Foundation

/// Gzip members (RFC 1952) through zlib: one member per record, as WARC readers expect of a
/// `.warc.gz` (each record can then be read alone at its offset, as CDX indexes point to it), and the
/// members of a file walked back one at a time.
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

    /// The member of `data` that starts at `offset`: its decompressed bytes and where the next member
    /// starts.
    public static func inflate(_ data: Data, at offset: Int) throws(GzipFailure) -> (bytes: Data, next: Int) {
        var stream = z_stream()
        guard icebox_inflate_gzip_init(&stream) == Z_OK else { throw .corrupt("zlib could not start") }
        defer { inflateEnd(&stream) }
        var output = Data()
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        let available = data.count - offset
        let outcome: Result<Int, GzipFailure> = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: Bytef.self).baseAddress, available > 0 else {
                return .failure(.truncated)
            }
            stream.next_in = UnsafeMutablePointer(mutating: base + offset)
            stream.avail_in = uInt(available)
            while true {
                let status: Int32 = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunk)
                    return zlibInflate(&stream)
                }
                output.append(contentsOf: buffer[0..<(chunk - Int(stream.avail_out))])
                switch status {
                case Z_STREAM_END: return .success(offset + Int(stream.total_in))
                case Z_OK: continue
                case Z_BUF_ERROR where stream.avail_in == 0: return .failure(.truncated)
                case Z_BUF_ERROR: continue
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                    return .failure(.corrupt(message))
                }
            }
        }
        let next = try outcome.get()
        return (output, next)
    }

    /// Where the next member may start after a damaged one: the next gzip magic (1f 8b 08) after
    /// `offset`, or the end.
    public static func nextMagic(in data: Data, after offset: Int) -> Int {
        var at = offset + 1
        while at + 2 < data.count {
            if data[data.startIndex + at] == 0x1F, data[data.startIndex + at + 1] == 0x8B,
                data[data.startIndex + at + 2] == 0x08
            {
                return at
            }
            at += 1
        }
        return data.count
    }

    /// Whether `data` starts with a gzip member's magic.
    public static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }
}

/// zlib's `inflate`, named apart from ``GzipMember/inflate(_:at:)``.
private func zlibInflate(_ stream: inout z_stream) -> Int32 { inflate(&stream, Z_NO_FLUSH) }

/// Why a gzip member could not be read.
public enum GzipFailure: Error, Sendable, Hashable {
    /// The file ends inside it.
    case truncated
    /// Its bytes are not a valid deflate stream, or its CRC does not match.
    case corrupt(String)
}
