import CArchive
import Foundation

/// One entry of an export being read: its name and declared size, and its bytes, read on demand.
struct ExportEntry {
    /// The entry's name, normalized (see `EntryPath`).
    var path: String
    /// The size the container declares, when it declares one.
    var size: Int64?
    /// Fills the buffer with the next bytes; 0 at the end.
    var read: (UnsafeMutableRawBufferPointer) throws(ImportError) -> Int
}

/// An export to read: a ZIP (or tar, tar.gz) read through libarchive without unpacking it, or a folder
/// holding what the ZIP holds. Entries are visited in the container's order; an entry's bytes can only
/// be read while it is visited.
enum ExportContainer {
    case archive(URL)
    case folder(URL)

    /// `url` as a container: a folder, or any other file as an archive.
    init(_ url: URL) throws(ImportError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .missing(file: url.path, reason: "no such file or folder")
        }
        self = isFolder.boolValue ? .folder(url) : .archive(url)
    }

    var name: String {
        switch self {
        case .archive(let url), .folder(let url): url.path
        }
    }

    /// Whether a walk passes an entry without reading its bytes: a folder's files, and a ZIP's entries
    /// (libarchive seeks past them). A tarball's compressed stream can only be passed by inflating it.
    var skipsEntriesUnread: Bool {
        switch self {
        case .folder: return true
        case .archive(let url):
            guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? handle.close() }
            let signature = (try? handle.read(upToCount: 4)) ?? nil
            return signature == Data([0x50, 0x4B, 0x03, 0x04])
        }
    }

    /// Visits every regular file; entries whose name would leave the folder throw `escapingPath`, and an
    /// archive's entries that inflate past `bounds` throw `inflates` as they pass them.
    func forEachEntry(bounds: InflationBounds, _ visit: (ExportEntry) throws -> Void) throws {
        switch self {
        case .archive(let url): try ArchiveReader(url).forEachEntry(bounds: bounds, visit)
        case .folder(let url): try forEachFile(in: url, visit)
        }
    }

    private func forEachFile(in root: URL, _ visit: (ExportEntry) throws -> Void) throws {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            throw ImportError.unreadable(file: root.path, entry: nil, reason: "the folder cannot be listed")
        }
        // Sorted, so that a folder imports in the same order every time.
        var files: [(String, URL, Int64)] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let file as URL in walker {
            let values = try? file.resourceValues(forKeys: Set(keys))
            // A symbolic link could point anywhere on this machine: never followed.
            guard values?.isSymbolicLink != true, values?.isRegularFile == true else { continue }
            let full = file.standardizedFileURL.path
            guard full.hasPrefix(prefix), let path = EntryPath.normalized(String(full.dropFirst(prefix.count))) else {
                throw ImportError.escapingPath(file: root.path, entry: full)
            }
            files.append((path, file, Int64(values?.fileSize ?? 0)))
        }
        for (path, file, size) in files.sorted(by: { $0.0 < $1.0 }) {
            let handle: FileHandle
            do { handle = try FileHandle(forReadingFrom: file) } catch {
                throw ImportError.unreadable(file: root.path, entry: path, reason: error.localizedDescription)
            }
            defer { try? handle.close() }
            try visit(
                ExportEntry(path: path, size: size) { (buffer) throws(ImportError) -> Int in
                    do {
                        guard let chunk = try handle.read(upToCount: buffer.count), !chunk.isEmpty else { return 0 }
                        chunk.copyBytes(to: buffer)
                        return chunk.count
                    } catch {
                        throw .unreadable(file: root.path, entry: path, reason: error.localizedDescription)
                    }
                })
        }
    }
}

/// A ZIP or tarball read entry by entry with libarchive.
private final class ArchiveReader {
    private let archive: OpaquePointer
    private let file: String

    init(_ url: URL) throws(ImportError) {
        file = url.path
        guard let archive = archive_read_new() else {
            throw .unreadable(file: url.path, entry: nil, reason: "libarchive could not start")
        }
        self.archive = archive
        archive_read_support_format_zip(archive)
        archive_read_support_format_tar(archive)
        archive_read_support_filter_gzip(archive)
        archive_read_support_filter_zstd(archive)
        guard archive_read_open_filename(archive, url.path, 1 << 16) == ARCHIVE_OK else {
            // The reader is freed by deinit (every stored property is set by now).
            let reason = lastError
            let exists = FileManager.default.isReadableFile(atPath: url.path)
            throw exists
                ? .unreadable(file: url.path, entry: nil, reason: "not a ZIP or tar archive (\(reason))")
                : .missing(file: url.path, reason: reason)
        }
    }

    deinit { archive_read_free(archive) }

    private var lastError: String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown libarchive error"
    }

    func forEachEntry(bounds: InflationBounds, _ visit: (ExportEntry) throws -> Void) throws {
        var previous: String?
        // Filter -1 is the file as read (compressed), 0 what the filters (a tarball's gzip) made of it.
        let meter = InflationMeter(bounds, file: file)
        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { return }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                throw ImportError.unreadable(
                    file: file, entry: previous.map { "after \($0)" },
                    reason: "\(lastError) (is the file complete?)")
            }
            let name =
                (archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry)).map { String(cString: $0) } ?? ""
            guard let path = EntryPath.normalized(name) else { throw ImportError.escapingPath(file: file, entry: name) }
            previous = path
            guard archive_entry_filetype(entry) == 0o100000 else { continue }
            let size: Int64? = archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : nil
            try meter.begin(
                path, declared: size, compressed: archive_filter_bytes(archive, -1),
                inflated: archive_filter_bytes(archive, 0))
            let file = self.file
            try visit(
                ExportEntry(path: path, size: size) { [archive] (buffer) throws(ImportError) -> Int in
                    let count = archive_read_data(archive, buffer.baseAddress, buffer.count)
                    guard count >= 0 else {
                        let reason =
                            archive_error_string(archive).map { String(cString: $0) } ?? "unknown libarchive error"
                        throw .unreadable(file: file, entry: path, reason: "\(reason) (is the file complete?)")
                    }
                    try meter.read(count, compressed: archive_filter_bytes(archive, -1))
                    return count
                })
        }
    }
}
