import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the tarball's bytes go: standard output, or a temporary file beside the destination that
/// becomes the destination only when complete, so a failed export never leaves a half file.
struct OutputFile {
    let descriptor: Int32
    private let temporary: URL?
    private let destination: URL?

    init(standardOutput: Void) {
        descriptor = STDOUT_FILENO
        temporary = nil
        destination = nil
    }

    /// Opens `.<name>.<pid>.partial` in the destination's folder.
    init(replacing url: URL) throws(ExportError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .io("\(url.path) is a folder; name the tarball to write")
        }
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appending(path: ".\(url.lastPathComponent).\(getpid()).partial")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io("cannot write in \(folder.path): \(String(cString: strerror(errno)))") }
        descriptor = fd
        self.temporary = temporary
        destination = url
    }

    /// Flushes the file to disk and renames it into place.
    func commit() throws(ExportError) {
        guard let temporary, let destination else { return }
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
        guard let temporary else { return }
        close(descriptor)
        unlink(temporary.path)
    }
}
