import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One sync per archive at a time: an exclusive `flock` on `sync.lock`, holding the holder's pid
/// (and one media download at a time, on `media.lock`, so timelines sync while media downloads).
/// The kernel releases it when the process ends, however it ends (even `kill -9`).
public final class SyncLock: Sendable {
    private let descriptor: Int32

    /// Another process holds the lock.
    public struct Held: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var holder: String
        /// What the holder is doing: "sync", "media download".
        public var purpose = "sync"
        public var description: String {
            "another \(purpose) is running on this archive (\(holder); lock \(path)); use --wait to wait for it"
        }
        /// `icebox watch` holds it, only while it writes a batch or catches a timeline up.
        public var heldByWatch: Bool { holder.hasSuffix("(watch)") }
    }

    /// Takes the lock, or throws `Held` at once (`wait: false`), or waits until it is free (throwing
    /// `CancellationError` if the task is cancelled while it waits). A lock
    /// file that is a symbolic link (or not a regular file) is refused, never followed: the lock
    /// truncates its file, and must not truncate what a planted link points to.
    public init(path: URL, wait: Bool, purpose: String = "sync") async throws {
        let fd = open(path.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link; remove it" : String(cString: strerror(errno))
            throw ArchiveError.cannotOpen(path: path.path, reason: reason)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw ArchiveError.cannotOpen(path: path.path, reason: "not a regular file; remove it")
        }
        // Owner only whatever the umask or an earlier mode, set on the descriptor, never by path.
        if info.st_mode & 0o077 != 0, info.st_uid == geteuid() { fchmod(fd, 0o600) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw ArchiveError.cannotOpen(path: path.path, reason: reason)
            }
            guard wait else {
                let holder =
                    (try? String(contentsOf: path, encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                close(fd)
                throw Held(path: path.path, holder: holder.isEmpty ? "unknown process" : holder, purpose: purpose)
            }
            // A cancelled waiter gives up. `Task.sleep` returns at once in a cancelled task, so waiting on
            // would spin without ever suspending and, on a two-thread pool, starve the holder it waits for.
            do {
                try await Task.sleep(for: .milliseconds(250))
            } catch {
                close(fd)
                throw CancellationError()
            }
        }
        // A watch says so: it holds the lock moments at a time, and a sync waits for it (see `heldByWatch`).
        let note = "pid \(getpid()) since \(Timestamp.string(Date()))" + (purpose == "watch" ? " (watch)" : "") + "\n"
        ftruncate(fd, 0)
        _ = note.withCString { pwrite(fd, $0, strlen($0), 0) }
        descriptor = fd
    }

    deinit {
        ftruncate(descriptor, 0)
        close(descriptor)
    }
}
