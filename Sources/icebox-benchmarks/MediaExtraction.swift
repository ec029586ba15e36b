import CArchive
import Foundation

/// The least an import must do with an export's media: write each file under `media_attachments/` out
/// of the ZIP into a folder (libarchive, as `unzip` would), without hashing, naming or recording them.
/// The baseline beside which the import's media work is measured.
enum MediaExtraction {
    /// Extracts the media files of `zip` into `folder`; returns the seconds taken and the bytes written.
    static func run(_ zip: URL, into folder: URL) throws -> (seconds: Double, bytes: Int64) {
        guard let archive = archive_read_new() else { throw SyntheticExport.Failure("libarchive") }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip(archive)
        guard archive_read_open_filename(archive, zip.path, 1 << 16) == ARCHIVE_OK else {
            throw SyntheticExport.Failure("cannot open \(zip.path)")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        let clock = ContinuousClock()
        let started = clock.now
        var bytes: Int64 = 0
        var entry: OpaquePointer?
        while archive_read_next_header(archive, &entry) == ARCHIVE_OK, let entry {
            guard let name = archive_entry_pathname(entry).map({ String(cString: $0) }),
                name.hasPrefix("media_attachments/"), !name.contains("..")
            else { continue }
            let target = folder.appending(path: name)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let descriptor = open(target.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { throw SyntheticExport.Failure("cannot create \(target.path)") }
            defer { close(descriptor) }
            while true {
                let count = archive_read_data(archive, buffer.baseAddress, buffer.count)
                guard count >= 0 else { throw SyntheticExport.Failure("cannot extract \(name)") }
                if count == 0 { break }
                guard write(descriptor, buffer.baseAddress, count) == count else {
                    throw SyntheticExport.Failure("cannot write \(target.path)")
                }
                bytes += Int64(count)
            }
        }
        return ((clock.now - started).seconds, bytes)
    }
}
