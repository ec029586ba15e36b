import Foundation

/// Builds small valid PNG files without zlib: the image data uses stored (uncompressed) deflate blocks.
enum PNG {
    /// A `width`×`height` RGB image filled with a colour derived from `seed`, with a diagonal stripe.
    static func make(width: Int = 8, height: Int = 8, seed: UInt64) -> Data {
        var rng = SplitMix64(seed: seed)
        let base = (UInt8(rng.int(256)), UInt8(rng.int(256)), UInt8(rng.int(256)))
        var raw = [UInt8]()
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let stripe = (x + y) % 4 == 0
                raw += stripe ? [255 &- base.0, 255 &- base.1, 255 &- base.2] : [base.0, base.1, base.2]
            }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit, RGB, deflate, no filter, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", zlibStored(raw))
        png.appendChunk("IEND", Data())
        return png
    }

    /// A zlib stream made of stored deflate blocks (each at most 65,535 bytes).
    static func zlibStored(_ bytes: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let final: UInt8 = offset + length >= bytes.count ? 1 : 0
            out.append(final)
            out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
            out.append(contentsOf: [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
            out.append(contentsOf: bytes[offset..<(offset + length)])
            offset += length
        } while offset < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.appendBigEndian((b << 16) | a)
        return out
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}

extension Data {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF),
            UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }

    fileprivate mutating func appendChunk(_ type: String, _ body: Data) {
        appendBigEndian(UInt32(body.count))
        var typed = Data(type.utf8)
        typed.append(body)
        append(typed)
        appendBigEndian(PNG.crc32(typed))
    }
}
