import CArchive
import Foundation

/// Reads a tarball back with libarchive (any format and compression it recognises).
enum LibarchiveReader {
    struct Entry {
        var name: String
        var data: Data
    }

    struct Failure: Error { var message: String }

    static func entries(of tarball: URL) throws -> [Entry] {
        guard let reader = archive_read_new() else { throw Failure(message: "archive_read_new") }
        defer { archive_read_free(reader) }
        archive_read_support_filter_all(reader)
        archive_read_support_format_all(reader)
        guard archive_read_open_filename(reader, tarball.path, 1 << 16) == ARCHIVE_OK else {
            throw Failure(message: String(cString: archive_error_string(reader)))
        }
        var entries: [Entry] = []
        var entry: OpaquePointer?
        while archive_read_next_header(reader, &entry) == ARCHIVE_OK {
            let name = String(cString: archive_entry_pathname(entry))
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = archive_read_data(reader, &buffer, buffer.count)
                if count < 0 { throw Failure(message: String(cString: archive_error_string(reader))) }
                if count == 0 { break }
                data.append(contentsOf: buffer[0..<count])
            }
            entries.append(Entry(name: name, data: data))
        }
        return entries
    }
}
