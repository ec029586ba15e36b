import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One sync per archive at a time: an exclusive `flock` on `sync.lock`, holding the holder's pid.
/// The kernel releases it when the process ends, however it ends (even `kill -9`).
public final class SyncLock: Sendable {
    private let descriptor: Int32

    /// Another process holds the lock.
    public struct Held: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var holder: String
        public var description: String {
            "another sync is running on this archive (\(holder); lock \(path)); use --wait to wait for it"
        }
    }

    /// Takes the lock, or throws `Held` at once (`wait: false`), or waits until it is free.
    public init(path: URL, wait: Bool) async throws {
        let fd = open(path.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw ArchiveError.cannotOpen(path: path.path, reason: String(cString: strerror(errno)))
        }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw ArchiveError.cannotOpen(path: path.path, reason: reason)
            }
            guard wait else {
                let holder = (try? String(contentsOf: path, encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                close(fd)
                throw Held(path: path.path, holder: holder.isEmpty ? "unknown process" : holder)
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
        let note = "pid \(getpid()) since \(Timestamp.string(Date()))\n"
        ftruncate(fd, 0)
        _ = note.withCString { pwrite(fd, $0, strlen($0), 0) }
        descriptor = fd
    }

    deinit {
        ftruncate(descriptor, 0)
        close(descriptor)
    }
}
