import Foundation

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

    /// Creates the folder (mode 0700: it holds the credentials file).
    public func create() throws(ArchiveError) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotOpen(path: directory.path, reason: "\(error.localizedDescription)")
        }
    }
}
