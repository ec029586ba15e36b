import CArchive
import Foundation
import Models

/// Writes a tar stream (or a ZIP) with libarchive, reproducibly: entries exactly in the order given, every entry
/// owned by uid/gid 0 with no user or group names, one fixed modification time, fixed permissions, and
/// (for gzip) no timestamp in the compressed stream's header.
final class TarballWriter {
    private let archive: OpaquePointer
    private let mtime: Int
    private var finished = false

    /// Opens libarchive now, before anything is written, so that a missing one is an error naming it
    /// (and its package) rather than the forwarders' exit in the middle of writing.
    static func requireLibrary() throws(ExportError) {
        if let needs = SystemLibrary.missing(icebox_archive_require) { throw .missingLibrary("this command " + needs) }
    }

    /// Starts a tarball in `format` on the open file descriptor `fd` (not closed by the writer).
    /// `mtime` (seconds since 1970) stands on every entry.
    init(format: TarballFormat, fileDescriptor fd: Int32, mtime: Int) throws(ExportError) {
        guard let archive = archive_write_new() else { throw .tarball("libarchive could not start a tarball") }
        self.archive = archive
        self.mtime = mtime
        do throws(ExportError) {
            // POSIX ustar headers, with pax extensions only where ustar cannot say something; or a ZIP.
            if format == .zip {
                try check(archive_write_set_format_zip(archive), "choosing the ZIP format")
            } else {
                try check(archive_write_set_format_pax_restricted(archive), "choosing the tar format")
            }
            switch format {
            case .tar, .zip:
                try check(archive_write_add_filter_none(archive), "choosing no compression")
            case .tarGz:
                try check(archive_write_add_filter_gzip(archive), "choosing gzip")
                // gzip headers carry the time of writing unless told not to.
                try check(
                    archive_write_set_filter_option(archive, "gzip", "timestamp", nil), "leaving out gzip's timestamp")
            case .tarZst:
                try check(archive_write_add_filter_zstd(archive), "choosing zstd")
            }
            // No padding of the last block: a file and a pipe get the same bytes.
            try check(archive_write_set_bytes_in_last_block(archive, 1), "leaving the last block unpadded")
            try check(archive_write_open_fd(archive, fd), "opening the output")
        } catch {
            archive_write_free(archive)
            throw error
        }
    }

    deinit {
        if !finished { archive_write_free(archive) }
    }

    /// Adds a folder entry (`path` without a trailing slash).
    func addDirectory(_ path: String) throws(ExportError) {
        try header(path: path, type: 0o040000, permissions: 0o755, size: 0)
    }

    /// Adds a file entry with these bytes.
    func addFile(_ path: String, data: Data) throws(ExportError) {
        try header(path: path, type: 0o100000, permissions: 0o644, size: Int64(data.count))
        try write(data, path: path)
    }

    /// Adds a file entry whose bytes are read from `source` in 1 MiB pieces, checking that exactly
    /// `size` bytes arrive.
    func addFile(_ path: String, contentsOf source: URL, size: Int64) throws(ExportError) {
        try header(path: path, type: 0o100000, permissions: 0o644, size: size)
        var written: Int64 = 0
        do {
            let handle = try FileHandle(forReadingFrom: source)
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                written += Int64(chunk.count)
                guard written <= size else { break }
                try write(chunk, path: path)
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw .io("reading \(source.path): \(error.localizedDescription)")
        }
        guard written == size else { throw .io("\(source.path) changed size while it was exported") }
    }

    /// Ends the tar stream and flushes the compressor.
    func finish() throws(ExportError) {
        finished = true
        defer { archive_write_free(archive) }
        try check(archive_write_close(archive), "finishing the tarball")
    }

    private func header(path: String, type: UInt32, permissions: UInt32, size: Int64) throws(ExportError) {
        guard let entry = archive_entry_new() else { throw .tarball("libarchive could not make an entry") }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname(entry, path)
        archive_entry_set_filetype(entry, type)
        archive_entry_set_perm(entry, mode_t(permissions))
        archive_entry_set_size(entry, size)
        archive_entry_set_mtime(entry, time_t(mtime), 0)
        archive_entry_set_uid(entry, 0)
        archive_entry_set_gid(entry, 0)
        try check(archive_write_header(archive, entry), "writing the entry \(path)")
    }

    private func write(_ data: Data, path: String) throws(ExportError) {
        let complete = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return true }
            return archive_write_data(archive, base, buffer.count) == buffer.count
        }
        guard complete else { throw .tarball("writing \(path): \(lastError)") }
    }

    private func check(_ status: Int32, _ what: String) throws(ExportError) {
        guard status == ARCHIVE_OK else {
            if status == ARCHIVE_WARN { return }
            throw .tarball("\(what): \(lastError)")
        }
    }

    private var lastError: String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown libarchive error"
    }
}
