import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PrivateFile {
    /// Replaces the file at `path` with `data`, atomically and only its owner may read it: a new 0600 file
    /// beside it under an unpredictable name (created exclusively, never a link someone planted there),
    /// flushed, then renamed over it. `what` names the contents in the error ("credentials").
    package static func replace(_ path: String, with data: Data, what: String) throws(ArchiveError) {
        let url = URL(fileURLWithPath: path)
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let temporary = url.deletingLastPathComponent()
            .appending(path: ".\(url.deletingPathExtension().lastPathComponent).\(getpid()).\(random).tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotOpen(path: temporary, reason: String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        let written = data.withUnsafeBytes { buffer in write(fd, buffer.baseAddress, buffer.count) }
        let synced = fsync(fd)
        close(fd)
        guard written == data.count, synced == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotOpen(path: path, reason: "cannot write \(what): \(reason)")
        }
    }
}
