import Foundation
import Models

#if canImport(Glibc)
    import Glibc
#endif

/// The file or folder an import reads, checked before the archive is opened, so that a mistake in its
/// name starts no archive (a new folder stays empty) and is reported by its cause, not as Foundation's
/// "The operation could not be completed" or as a missing file when it is only unreadable.
struct ImportInput: Error, CustomStringConvertible, ExitStatusReporting {
    let path: String
    let reason: String
    /// 66 when nothing is there, 74 when it is there and cannot be read (as the README's table says).
    let exitStatus: ExitStatus

    var description: String { "cannot read \(path): \(reason)" }

    /// Throws when `path` cannot be read by this user; standard input (`-`) is not checked.
    static func check(_ path: String) throws(ImportInput) {
        guard path != "-" else { return }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let missing = errno == ENOENT || errno == ENOTDIR
            throw ImportInput(
                path: path, reason: missing ? "no such file or folder" : String(cString: strerror(errno)),
                exitStatus: missing ? .noInput : .ioError)
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else {
            throw ImportInput(path: path, reason: "not a file or a folder", exitStatus: .dataError)
        }
        guard access(path, R_OK | (kind == S_IFDIR ? X_OK : 0)) == 0 else {
            let reason = errno == EACCES ? "permission denied (you may not read it)" : String(cString: strerror(errno))
            throw ImportInput(path: path, reason: reason, exitStatus: .ioError)
        }
    }
}
