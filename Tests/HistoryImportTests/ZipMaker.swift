import CArchive
import Foundation

/// Writes ZIP files for the tests with libarchive: any entry names (including ones a careful tool
/// would refuse to write), any contents, and folders copied whole.
enum ZipMaker {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A ZIP of these entries, in this order (or, `tarball`, a tar.gz).
    static func write(_ entries: [(String, Data)], to file: URL, tarball: Bool = false) throws {
        guard let archive = archive_write_new() else { throw Failure(description: "archive_write_new") }
        defer { archive_write_free(archive) }
        let format =
            tarball
            ? archive_write_set_format_pax_restricted(archive) == ARCHIVE_OK
                && archive_write_add_filter_gzip(archive) == ARCHIVE_OK
            : archive_write_set_format_zip(archive) == ARCHIVE_OK
        guard format, archive_write_open_filename(archive, file.path) == ARCHIVE_OK else {
            throw Failure(description: "cannot open \(file.path)")
        }
        for (name, data) in entries {
            guard let entry = archive_entry_new() else { throw Failure(description: "archive_entry_new") }
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, name)
            archive_entry_set_filetype(entry, 0o100000)
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_size(entry, Int64(data.count))
            guard archive_write_header(archive, entry) == ARCHIVE_OK else {
                throw Failure(description: "header \(name)")
            }
            let written = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
            guard data.isEmpty || written == data.count else { throw Failure(description: "data \(name)") }
        }
        guard archive_write_close(archive) == ARCHIVE_OK else { throw Failure(description: "close") }
    }

    /// Every file of `folder` (sorted, relative names), with `replacing` applied by name.
    static func entries(of folder: URL, replacing: [String: Data] = [:]) throws -> [(String, Data)] {
        let prefix = folder.standardizedFileURL.path + "/"
        var found: [(String, Data)] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = walker?.nextObject() as? URL {
            guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let name = String(file.standardizedFileURL.path.dropFirst(prefix.count))
            found.append((name, try replacing[name] ?? Data(contentsOf: file)))
        }
        // Media first, then outbox, likes, bookmarks and actor, as Mastodon writes them.
        let order = ["outbox.json": 1, "likes.json": 2, "bookmarks.json": 3, "actor.json": 4]
        return found.sorted { (order[$0.0] ?? 0, $0.0) < (order[$1.0] ?? 0, $1.0) }
    }
}
