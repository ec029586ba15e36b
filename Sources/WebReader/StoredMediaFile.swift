import Foundation
import MediaFiles
import Synchronization
import _NIOFileSystem

/// A file of the media store opened as only a file the store wrote may be: each folder from `media/`
/// down (`ab/`, `cd/`) and the file itself opened without following a link (`openat` with `O_NOFOLLOW`,
/// through NIO's file system), a regular file, and bytes whose SHA-256 is its name. A link planted in
/// the store (to `/etc/passwd`, a FIFO, a folder elsewhere) is not served.
struct StoredMediaFile: Sendable {
    let layout: MediaLayout
    let sha256: String
    let ext: String
    let verifier: MediaVerifier

    /// What identifies the bytes of an open file for as long as they do not change.
    struct Identity: Hashable, Sendable {
        /// The hash the file was asked for by: two names of one inode (a hard link in a folder received
        /// from someone else) are checked each against its own name.
        var sha256: String
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: FileInfo.Timespec
        var changed: FileInfo.Timespec
    }

    /// Runs `body` with the file opened safely, its identity and size, once its hash has been checked
    /// (see ``MediaVerifier``); `nil` when there is no such file or it is not what it should be.
    func withVerifiedFile<T: Sendable>(
        _ body: (ReadFileHandle, Identity, FileInfo) async throws -> T
    ) async throws -> T? {
        let folder = OpenOptions.Directory(followSymbolicLinks: false, closeOnExec: true)
        let file = OpenOptions.Read(followSymbolicLinks: false, closeOnExec: true)
        let name = Array(sha256)
        do {
            return try await FileSystem.shared.withDirectoryHandle(atPath: .init(layout.root.path), options: folder) {
                root in
                try await root.withDirectoryHandle(atPath: .init(String(name[0..<2])), options: folder) { first in
                    try await first.withDirectoryHandle(atPath: .init(String(name[2..<4])), options: folder) { second in
                        try await second.withFileHandle(forReadingAt: .init("\(sha256).\(ext)"), options: file) {
                            handle in
                            let info = try await handle.info()
                            guard info.type == .regular, let status = info.platformSpecificStatus else { return nil }
                            let identity = Identity(
                                sha256: sha256, device: UInt64(status.st_dev), inode: UInt64(status.st_ino),
                                size: info.size,
                                modified: info.lastDataModificationTime, changed: info.lastStatusChangeTime)
                            guard try await verifier.isVerified(identity, sha256: sha256, handle: handle) else {
                                return nil
                            }
                            return try await body(handle, identity, info)
                        }
                    }
                }
            }
        } catch is FileSystemError {
            return nil
        }
    }
}

/// Which open files have been read whole and found to hold the bytes their name says, remembered by
/// identity (device, inode, size, modification and change times) for the life of the process: a file is
/// hashed once, on its first request, and concurrent first requests wait for that one reading
/// (``SingleFlight``). A file changed since (a new inode, size or time) is hashed again.
final class MediaVerifier: Sendable {
    private let verified = Mutex<Set<StoredMediaFile.Identity>>([])
    /// Hashing reads the first caller's open handle, and ends of itself (a local file, read once).
    private let flights = SingleFlight<StoredMediaFile.Identity, Bool>(cancelled: .waitForTheWork)
    /// Identities kept at most; when full, all are forgotten (and hashed again when asked for).
    private let capacity: Int

    init(capacity: Int = 8_192) { self.capacity = capacity }

    func isVerified(_ identity: StoredMediaFile.Identity, sha256: String, handle: ReadFileHandle) async throws -> Bool {
        if verified.withLock({ $0.contains(identity) }) { return true }
        // The handle is open for as long as this call: read it here, the others wait for the answer.
        let matches = try await flights.run(identity) { [handle] in
            var hash = SHA256()
            for try await chunk in handle.readChunks(in: 0..<identity.size, chunkLength: .mebibytes(1)) {
                chunk.withUnsafeReadableBytes { hash.update($0) }
            }
            return hash.hexDigest() == sha256
        }
        if matches {
            verified.withLock {
                if $0.count >= capacity { $0.removeAll() }
                $0.insert(identity)
            }
        }
        return matches
    }
}
