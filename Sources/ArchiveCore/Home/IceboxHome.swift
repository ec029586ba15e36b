import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an archive lives: `archive.sqlite`, `media/`, `credentials.json`, the sync lock and the REPL's history.
public struct IceboxHome: Sendable, Hashable {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// `--home` if given, else `$ICEBOX_HOME`, else `$XDG_DATA_HOME/icebox`, else `~/.local/share/icebox`.
    public init(explicit: String?, environment: [String: String]) {
        if let explicit, !explicit.isEmpty {
            directory = URL(fileURLWithPath: explicit)
        } else if let home = environment["ICEBOX_HOME"], !home.isEmpty {
            directory = URL(fileURLWithPath: home)
        } else if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            directory = URL(fileURLWithPath: data).appending(path: "icebox")
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            directory = URL(fileURLWithPath: home).appending(path: ".local/share/icebox")
        }
    }

    public var database: URL { directory.appending(path: "archive.sqlite") }
    public var media: URL { directory.appending(path: "media") }
    public var credentials: URL { directory.appending(path: "credentials.json") }
    public var syncLock: URL { directory.appending(path: "sync.lock") }
    /// Held while media downloads, apart from `sync.lock`, so a sync can archive timelines meanwhile.
    public var mediaLock: URL { directory.appending(path: "media.lock") }
    /// The REPL's line history, one command a line.
    public var replHistory: URL { directory.appending(path: "repl_history") }

    /// Creates the folder if needed (with its parents) and makes it fit to hold the archive and tokens:
    /// mode 0700 whatever the umask. A folder another user owns, or one its group or anyone may write in,
    /// is refused (`.unsafe`, naming the fix), as ssh refuses a key others can reach: someone could
    /// already have swapped what is in it, and changing its mode now would not undo that. A folder of
    /// the user's own that others may only read (a `mkdir` under umask 022) is tightened to 0700 with a
    /// warning: nobody else could have changed what is in it, so no reason to stop.
    public func create(logger: Logger) throws(ArchiveError) {
        let path = directory.path
        do {
            try FileManager.default.createDirectory(
                at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error.localizedDescription)")
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        // A link at the folder's own name is followed (a folder on another disk); what it points at is checked.
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        let access = FileAccess(info)
        if let problem = access.folderProblem(path) { throw .unsafe(path: path, reason: problem) }
        guard access.mode != 0o700 else { return }
        if access.othersMayRead {
            logger.warning(
                "the archive folder \(path) was readable by others (mode \(access.octalMode)); restricting it to you (700)"
            )
        }
        guard fchmod(fd, 0o700) == 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
    }
}
