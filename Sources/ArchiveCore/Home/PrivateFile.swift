import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of the archive folder that only its owner may read (the tokens, the archive), reached through
/// its descriptor: opened without following a link and restricted with `fchmod`, never `chmod` by path,
/// which follows a link planted at the name (as root: to any file on the machine).
package enum PrivateFile {
    /// Opens the regular file at `path` without following a link (`O_NOFOLLOW`, and `O_NONBLOCK` so a
    /// planted pipe cannot hang the open); `nil` when nothing is there. A link or anything not a
    /// regular file is refused. A file others may read is restricted to 0600 on the descriptor, with a
    /// warning (`holds` says what it holds; `nil`: a file just made, no warning), when this process owns it.
    package static func descriptor(_ path: String, flags: Int32 = O_RDONLY, holds: String?, logger: Logger)
        throws(ArchiveError) -> Int32?
    {
        let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw .unsafe(path: path, reason: FileAccess.linkReason) }
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .unsafe(path: path, reason: "it is not a regular file; move it away")
        }
        if info.st_mode & 0o077 != 0, info.st_uid == geteuid() {
            if let holds {
                logger.warning(
                    "\(path) holds \(holds) and was readable by others; restricting it to the owner",
                    metadata: ["mode": "\(String(info.st_mode & 0o777, radix: 8))"])
            }
            fchmod(fd, 0o600)
        }
        return fd
    }

    /// Restricts each existing file of `paths` to its owner, as `descriptor` does, and closes it.
    package static func restrict(_ paths: [String], holds: String?, logger: Logger) throws(ArchiveError) {
        for path in paths {
            if let fd = try descriptor(path, holds: holds, logger: logger) { close(fd) }
        }
    }
}
