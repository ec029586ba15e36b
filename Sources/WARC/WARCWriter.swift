import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes WARC files, one gzip member per record, each file under a hidden temporary name
/// (`.<name>.part`) and renamed to its name only when it is complete, so a process killed mid-file
/// leaves a complete WARC file or none (its `.part` file is not a WARC file by name, and `icebox`
/// removes such leftovers at the next capture in the folder).
///
/// Each file starts with the `warcinfo` record made by `info`; a new file is started before a group of
/// records that would take the current one past `maxFileBytes` (a group is never split, so a request
/// stays beside its response). Safe to call from any thread: groups are written whole, one at a time.
public final class WARCWriter: @unchecked Sendable {
    /// The file name for the file of this sequence number (1, 2, …).
    public typealias Naming = @Sendable (Int) -> String

    public let directory: URL
    public let maxFileBytes: Int
    private let naming: Naming
    private let info: @Sendable (_ fileName: String) -> WARCRecord
    private let lock = NSLock()
    private var handle: FileHandle?
    private var currentName = ""
    private var currentBytes = 0
    private var sequence = 0
    private var finished: [URL] = []
    private var recordsInFile = 0

    /// The files completed so far, in order.
    public var files: [URL] { lock.withLock { finished } }

    /// Starts the first file at once (its warcinfo record written), so a folder that cannot be written
    /// is known before any exchange.
    public init(
        directory: URL, maxFileBytes: Int, naming: @escaping Naming,
        info: @escaping @Sendable (_ fileName: String) -> WARCRecord
    ) throws(WARCWriteError) {
        self.directory = directory
        self.maxFileBytes = max(maxFileBytes, 1)
        self.naming = naming
        self.info = info
        try locked { () throws(WARCWriteError) in try start() }
    }

    /// Writes `records` together, in the current file unless they would take it past the limit.
    public func write(_ records: [WARCRecord]) throws(WARCWriteError) {
        let members = records.map { GzipMember.compress($0.serialized()) }
        let size = members.reduce(0) { $0 + $1.count }
        try locked { () throws(WARCWriteError) in
            if handle == nil { try start() }
            if recordsInFile > 0, currentBytes + size > maxFileBytes {
                try finishCurrent()
                try start()
            }
            try append(members)
            recordsInFile += records.count
        }
    }

    /// Completes the current file (synced, renamed into place); returns every file written.
    @discardableResult
    public func close() throws(WARCWriteError) -> [URL] {
        try locked { () throws(WARCWriteError) in
            if handle != nil { try finishCurrent() }
            return finished
        }
    }

    /// Removes the `.part` files a killed writer left in `directory`: incomplete, never renamed. A file
    /// another writer still holds (a `watch --warc` beside a cron `sync` into the same folder) is not a
    /// leftover: each writer holds an exclusive `flock` on its open file until it is renamed, the kernel
    /// drops it when the process dies, and only a file whose lock can be taken is removed.
    public static func removeLeftovers(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".warc.gz.part") {
            let path = directory.appending(path: name).path
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            Glibc.close(descriptor)
        }
    }

    /// `body` under the lock, its typed error passed on (NSLock's `withLock` rethrows untyped).
    private func locked<T>(_ body: () throws(WARCWriteError) -> T) throws(WARCWriteError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func partFile(_ name: String) -> URL { directory.appending(path: ".\(name).part") }

    private func start() throws(WARCWriteError) {
        sequence += 1
        currentName = naming(sequence)
        let part = partFile(currentName)
        // Locked from its first moment until it is renamed: see `removeLeftovers`.
        let descriptor = open(part.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .unwritable(part.path, String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX) == 0 else {
            let why = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw .unwritable(part.path, "cannot lock the file: \(why)")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        currentBytes = 0
        recordsInFile = 0
        try append([GzipMember.compress(info(currentName).serialized())])
    }

    private func append(_ members: [Data]) throws(WARCWriteError) {
        guard let handle else { return }
        do {
            for member in members {
                try handle.write(contentsOf: member)
                currentBytes += member.count
            }
        } catch {
            throw .unwritable(partFile(currentName).path, error.localizedDescription)
        }
    }

    private func finishCurrent() throws(WARCWriteError) {
        guard let handle else { return }
        self.handle = nil
        let part = partFile(currentName)
        let final = directory.appending(path: currentName)
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw .unwritable(final.path, error.localizedDescription)
        }
        // rename(2): atomic, and it replaces a file of that name (an export written again).
        guard rename(part.path, final.path) == 0 else {
            throw .unwritable(final.path, String(cString: strerror(errno)))
        }
        finished.append(final)
    }
}

/// Why a WARC file could not be written.
public enum WARCWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    case unwritable(String, String)

    public var description: String {
        switch self {
        case .unwritable(let path, let why): "cannot write the WARC file \(path): \(why)"
        }
    }
}
