import Foundation
import MediaFiles

/// The media files an import placed in the media folder, so that a failed import can take them back.
/// Written down as they are placed (`hash.extension`, a line each) in a file of its own, rather than held
/// in memory: an export may hold hundreds of thousands of media files. The file is made in the media
/// folder's temporary folder and unlinked at once (only its descriptor knows it, so no run leaves it
/// behind); lines wait in memory until 64 KiB of them are written at once. Should the file not be made
/// or written, the lines stay in memory.
///
/// `@unchecked Sendable`: every property is read and written under `lock` (walks place files at once).
final class PlacedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    private var opened = false
    /// Lines not written to the file yet.
    private var pending: [UInt8] = []
    /// The bytes of the file, all written.
    private var written = 0

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// A file placed in `layout` by this import.
    func add(sha256: String, ext: String, in layout: MediaLayout) {
        lock.withLock {
            pending.append(contentsOf: "\(sha256).\(ext)\n".utf8)
            if pending.count >= 1 << 16 { write(in: layout) }
        }
    }

    /// Every file placed, as (hash, extension), in the order they were placed.
    func eachFile(_ body: (_ sha256: String, _ ext: String) -> Void) {
        lock.withLock {
            var rest: [UInt8] = []
            var offset = 0
            var piece = [UInt8](repeating: 0, count: 1 << 16)
            while offset < written {
                let count = piece.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                offset += count
                rest.append(contentsOf: piece[0..<count])
                rest = Self.lines(rest, body)
            }
            _ = Self.lines(rest + pending, body)
        }
    }

    /// Hands over the whole lines of `bytes`; returns what follows the last.
    private static func lines(_ bytes: [UInt8], _ body: (String, String) -> Void) -> [UInt8] {
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            let line = bytes[start..<index]
            if let dot = line.lastIndex(of: UInt8(ascii: ".")) {
                body(String(decoding: line[..<dot], as: UTF8.self), String(decoding: line[(dot + 1)...], as: UTF8.self))
            }
            start = index + 1
        }
        return Array(bytes[start...])
    }

    /// Under `lock`: writes the pending lines to the file (made the first time), keeping what could not
    /// be written.
    private func write(in layout: MediaLayout) {
        if !opened {
            opened = true
            if let file = try? layout.newTemporaryFile() {
                descriptor = open(file.path, O_RDWR | O_CLOEXEC)
                unlink(file.path)
            }
        }
        guard descriptor >= 0 else { return }
        var done = 0
        while done < pending.count {
            let count = pending.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return pwrite(descriptor, base + done, bytes.count - done, off_t(written))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
            written += count
        }
        pending.removeFirst(done)
    }
}
