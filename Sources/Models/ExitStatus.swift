/// The process exit status a failure maps to: sysexits.h, so cron, systemd and scripts can tell
/// failures apart. The command-line tool is the only place that exits; each module's error types say
/// which of these they mean by conforming to ``ExitStatusReporting``, next to their definition.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The command ran and something it did failed (a timeline, an export with nothing in it).
    case failure = 1
    /// Bad usage: an unknown timeline or account, a timeline already pinned, a bad option value.
    case usage = 64
    /// A file given to Icebox is not what it should be (an import that is not a Mastodon export, cut
    /// short, malformed).
    case dataError = 65
    /// The archive folder holds no archive (a read-only command creates none).
    case noInput = 66
    /// A server cannot be reached.
    case unavailable = 69
    /// A bug in Icebox.
    case software = 70
    /// A system library the command needs (libcurl, libarchive, libedit) cannot be loaded.
    case missingLibrary = 72
    /// The archive or a file cannot be read or written.
    case ioError = 74
    /// Try again later: another sync holds the archive, or the server's rate limit is used up.
    case tempFail = 75
    /// A server does not answer like a Mastodon server.
    case protocolError = 76
    /// A server refuses the token or the authorization code.
    case noPermission = 77
    /// Nothing to do as the archive is set up: a `sync` or `watch` of an archive with no timeline pinned,
    /// so that a cron job or a service that archives nothing says so instead of succeeding forever.
    case config = 78
}

/// An error that knows which exit status it means.
public protocol ExitStatusReporting: Error {
    /// The exit status of a command that ends with this error.
    var exitStatus: ExitStatus { get }
}

extension TimelineSpec.Invalid: ExitStatusReporting {
    /// 64: not a timeline as typed.
    public var exitStatus: ExitStatus { .usage }
}
