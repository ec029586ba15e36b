import ArchiveCore
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks on the archive file before SQLite sees it: SQLite takes an empty file for a new database and
/// would silently start a new archive in place of a lost one, so a missing, empty or foreign file is
/// refused with a clear reason instead.
enum ArchiveFile {
    /// The first 16 bytes of every SQLite database.
    static let header = Array("SQLite format 3\u{0}".utf8)

    /// Whether the file exists (a link to nothing does not).
    static func exists(_ path: URL) -> Bool {
        var info = stat()
        return stat(path.path, &info) == 0
    }

    /// Refuses an existing archive file that cannot be an SQLite database: empty, a folder or device,
    /// or not starting with SQLite's header. A file that does not exist passes (it is created).
    static func check(_ path: URL) throws(ArchiveError) {
        var info = stat()
        guard stat(path.path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .damaged(path: path.path, reason: "it is not a regular file")
        }
        guard info.st_size > 0 else {
            throw .damaged(
                path: path.path,
                reason: "the file is empty (0 bytes), so it holds no archive; "
                    + "restore it from a backup, or move it away to start a new archive")
        }
        let fd = open(path.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }  // unreadable: SQLite reports it, naming the file
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let count = read(fd, &bytes, bytes.count)
        guard count == header.count, bytes == header else {
            throw .damaged(path: path.path, reason: "the file is not an SQLite database (its header is wrong)")
        }
    }

    /// Whether this process may write the file and create files beside it (SQLite's `-wal` and `-shm`).
    static func isWritable(_ path: URL) -> Bool {
        access(path.path, W_OK) == 0 && access(path.deletingLastPathComponent().path, W_OK) == 0
    }

    /// The name under which SQLite opens a file it may assume nobody changes: a read-only archive in
    /// a folder where SQLite cannot create its shared-memory file.
    static func immutableURI(_ path: URL) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path.path
        return "file:\(escaped)?immutable=1"
    }

    /// Refuses an archive file that is a symbolic link, for an open that may write: SQLite would follow
    /// it, and the modes set on the archive would land on whatever it points at.
    static func refuseLink(_ path: URL) throws(ArchiveError) {
        if FileAccess(path: path.path)?.isLink == true { throw .unsafe(path: path.path, reason: FileAccess.linkReason) }
    }

    /// The archive file and SQLite's `-wal` and `-shm` beside it made owner-only (0600) through their
    /// descriptors, whatever the umask: SQLite creates them 0644 less the umask (the `-wal` and `-shm`
    /// taking the archive's mode). `existed`: the archive was there before this open, so loosening it
    /// is worth a warning; a file just made is restricted quietly.
    static func restrict(_ path: URL, existed: Bool, logger: Logger) throws(ArchiveError) {
        try PrivateFile.restrict([path.path], holds: existed ? "the archive" : nil, logger: logger)
        try PrivateFile.restrict([path.path + "-wal", path.path + "-shm"], holds: nil, logger: logger)
    }
}
