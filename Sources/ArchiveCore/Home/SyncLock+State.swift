import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SyncLock {
    /// How a lock file stands, seen from outside without taking it.
    public enum State: Sendable, Hashable {
        /// No lock file: no run has taken it yet.
        case absent
        /// Nobody holds it; `note` is what a run that ended without clearing it left ("pid 12 since …").
        case free(note: String?)
        /// A live process holds it (the kernel lists its lock); `note` says which and since when.
        case held(pid: Int32, note: String?)
        /// Whether it is held cannot be told here (no `/proc/locks`).
        case unknown(note: String?)
    }

    /// Whether a process holds the lock at `path`, read from the kernel's list of file locks
    /// (`/proc/locks`) by the file's inode: never taking the lock, so a sync starting now is not
    /// turned away because the doctor looked.
    public static func state(of path: URL) -> State {
        var info = stat()
        guard lstat(path.path, &info) == 0 else { return .absent }
        let text = (try? String(contentsOf: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        let note = text?.isEmpty == false ? text : nil
        guard let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
            return .unknown(note: note)
        }
        // "1: FLOCK  ADVISORY  WRITE 4242 fd:01:1234567 0 EOF"; waiters are listed with "->" and skipped.
        for line in locks.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int32(fields[4]),
                let inode = fields[5].split(separator: ":").last.flatMap({ UInt64($0) }),
                inode == UInt64(info.st_ino)
            else { continue }
            return .held(pid: pid, note: note)
        }
        return .free(note: note)
    }
}
