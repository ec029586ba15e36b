import ArchiveCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ArchiveDatabase {
    /// The archive file's and its write-ahead log's identity, size and modification time: every commit
    /// writes the log (a checkpoint, the file), so any commit changes one of them. A file the clock
    /// says was written in the last two seconds gives no token (`nil`): a second commit within the same
    /// tick of the file system's clock could leave its time unchanged.
    public func changeToken() async throws(ArchiveError) -> String? {
        let now = Date().timeIntervalSince1970
        var parts: [String] = []
        for file in [path.path, path.path + "-wal"] {
            var info = stat()
            guard stat(file, &info) == 0 else {
                // No log (an archive closed cleanly): its absence is part of the state.
                if errno == ENOENT, file.hasSuffix("-wal") {
                    parts.append("-")
                    continue
                }
                return nil
            }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            guard now - modified > 2 else { return nil }
            parts.append("\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
        }
        return parts.joined(separator: "/")
    }
}
