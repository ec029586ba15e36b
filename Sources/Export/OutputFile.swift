import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the tarball's bytes go: standard output; a device or pipe named by `-o` (or a link to one),
/// written through and never replaced; or a new temporary file beside the destination that becomes the
/// destination only when complete, so a failed export never leaves a half file.
///
/// The temporary file is created exclusively (`O_CREAT | O_EXCL | O_NOFOLLOW`) under an unpredictable
/// name, `.<name>.<pid>.<random>.partial`: a link planted there is never followed, and another user
/// cannot guess the name in advance. Partial files that a crashed export left (their process is gone)
/// are removed on the next export to the same folder.
struct OutputFile {
    let descriptor: Int32
    private let temporary: URL?
    private let destination: URL?
    private let ownsDescriptor: Bool

    init(standardOutput: Void) {
        descriptor = STDOUT_FILENO
        temporary = nil
        destination = nil
        ownsDescriptor = false
    }

    /// Opens a new exclusive temporary file in the destination's folder, or the destination itself
    /// when it is (or links to) a character device or a pipe.
    init(replacing url: URL) throws(ExportError) {
        var target = stat()
        if stat(url.path, &target) == 0 {
            switch target.st_mode & S_IFMT {
            case S_IFDIR: throw .io("\(url.path) is a folder; name the tarball to write")
            case S_IFCHR, S_IFIFO:
                // /dev/null, a terminal, a named pipe: written through, as a shell redirection would.
                let fd = open(url.path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
                guard fd >= 0 else { throw .io("cannot write \(url.path): \(String(cString: strerror(errno)))") }
                descriptor = fd
                temporary = nil
                destination = nil
                ownsDescriptor = true
                return
            case S_IFREG: break
            default: throw .io("\(url.path) is not a regular file (a block device or socket); refusing to replace it")
            }
        }
        let folder = url.deletingLastPathComponent()
        Self.removeStalePartials(in: folder, name: url.lastPathComponent)
        var attempts = 0
        while true {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let candidate = folder.appending(path: ".\(url.lastPathComponent).\(getpid()).\(random).partial")
            let fd = open(candidate.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 {
                descriptor = fd
                temporary = candidate
                destination = url
                ownsDescriptor = true
                return
            }
            attempts += 1
            guard errno == EEXIST, attempts < 8 else {
                throw .io("cannot write in \(folder.path): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Flushes the file to disk and renames it into place (a device is only flushed and closed).
    func commit() throws(ExportError) {
        guard let temporary, let destination else {
            if ownsDescriptor { close(descriptor) }
            return
        }
        let synced = fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard synced else {
            unlink(temporary.path)
            throw .io("cannot flush \(temporary.path): \(reason)")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .io("cannot move the tarball to \(destination.path): \(reason)")
        }
    }

    /// Closes and removes the temporary file after a failure.
    func abandon() {
        if ownsDescriptor { close(descriptor) }
        guard let temporary else { return }
        unlink(temporary.path)
    }

    /// Removes `.<name>.<pid>[.<random>].partial` files in `folder` whose process no longer runs: what
    /// an export killed with `kill -9` left. Files of running exports, and anything else, stay.
    static func removeStalePartials(in folder: URL, name: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let prefix = ".\(name)."
        for entry in names where entry.hasPrefix(prefix) && entry.hasSuffix(".partial") {
            let middle = entry.dropFirst(prefix.count).dropLast(".partial".count)
            guard let pidText = middle.split(separator: ".").first, let pid = pid_t(pidText), pid > 0 else { continue }
            if pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH { continue }
            let path = folder.appending(path: entry).path
            var info = stat()
            // Only a regular file of ours (a link is removed, never followed).
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFLNK,
                info.st_uid == getuid()
            else { continue }
            unlink(path)
        }
    }
}
