import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who may reach a file or folder of the archive: its owner and mode, as seen without following a
/// link at its name. One wording of each problem, for the refusal and for `icebox doctor`.
public struct FileAccess: Sendable, Hashable {
    /// The name itself is a symbolic link.
    public var isLink: Bool
    /// The owner's uid.
    public var owner: UInt32
    /// The permission bits (`0o700`…).
    public var mode: UInt32

    /// How the thing at `path` stands (`lstat`: a link is seen as a link, unless `followingLinks`, as for
    /// the archive folder, which may be a link to a folder elsewhere); nil when nothing is there.
    public init?(path: String, followingLinks: Bool = false) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        self.init(info)
    }

    package init(_ info: stat) {
        isLink = info.st_mode & S_IFMT == S_IFLNK
        owner = UInt32(info.st_uid)
        mode = UInt32(info.st_mode & 0o777)
    }

    /// This process's user owns it (root's own folders are root's).
    public var isOwn: Bool { owner == UInt32(geteuid()) }
    /// Its group or anyone may write in it (swap or plant files).
    public var othersMayWrite: Bool { mode & 0o022 != 0 }
    /// Its group or anyone may read it (or list and enter it).
    public var othersMayRead: Bool { mode & 0o077 != 0 }
    /// The mode in octal, as `chmod` takes it.
    public var octalMode: String { String(mode, radix: 8) }

    /// Why a link is refused where Icebox keeps its own files.
    public static let linkReason =
        "it is a symbolic link, which Icebox never follows there (someone could point it at "
        + "another file); remove the link and put the file itself there"

    /// What is wrong with the archive folder at `path` (which holds the tokens), with the fix; nil when it
    /// is owned by this user and nobody else may write in it. A folder others may only read is not a
    /// problem here: it is tightened to 0700 (see `IceboxHome.create`).
    public func folderProblem(_ path: String) -> String? {
        if !isOwn {
            return "the folder belongs to uid \(owner), not to you (uid \(geteuid())), so its owner could read "
                + "or swap the archive and tokens in it; use a folder of your own (--home or ICEBOX_HOME), "
                + "or make it yours: `chown -R \(geteuid()) \(path)`"
        }
        if othersMayWrite {
            let who = mode & 0o002 != 0 ? "anyone on this machine" : "its group"
            return "\(who) may write in the folder (mode \(octalMode)), so the archive or tokens in it could have "
                + "been swapped or a link planted; check what is in it, then run `chmod 700 \(path)`"
        }
        return nil
    }
}
