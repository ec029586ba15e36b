import Foundation

/// What can go wrong with the archive on disk.
public enum ArchiveError: Error, Sendable, CustomStringConvertible {
    /// The database could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The archive was written by a newer Icebox that knows migrations this one does not.
    case newerSchema(path: String, unknown: [String])
    /// A migration that was already applied differs from the one this binary carries.
    case migrationChanged(name: String)
    /// A SQLite error while reading or writing.
    case database(String)
    /// A statement failed for what it was given rather than because the store itself failed (its disk,
    /// its file, a lock): a constraint, a value out of range, a text the store cannot take, in the store's
    /// words. The same write without the row that broke it may succeed (see ``ArchiveStore/store(pages:)``).
    /// SQLite names so every failure but those of the store itself (I/O, a full disk, damage, a busy or
    /// read-only file, memory); PostgreSQL its data exceptions and integrity violations (SQLSTATE classes
    /// 22 and 23).
    case brokenRule(String)
    /// The thing asked for is not in the archive.
    case notFound(String)
    /// The request contradicts what the archive holds (a duplicate pin, say).
    case conflict(String)
    /// A command that only reads found no archive in the folder (and created nothing).
    case noArchive(folder: String)
    /// The archive file exists but is not a sound archive (empty, not SQLite, corrupt pages).
    case damaged(path: String, reason: String)
    /// This store cannot do what was asked yet (the capability is named).
    case unsupported(store: String, capability: String)
    /// A file or folder that holds the archive or its tokens could be read or swapped by someone else
    /// (another user owns it, others may write it, or it is a symbolic link); `reason` says which and how
    /// to fix it. Refused, as ssh refuses a key file others can read.
    case unsafe(path: String, reason: String)
    /// A store on a server (PostgreSQL) that is not there to be used: nothing listens at its address,
    /// the connection timed out, the host is unknown, or it has no such database. `reason` says which.
    case unreachable(store: String, reason: String)
    /// A store on a server that refused who Icebox connected as (a wrong password, a user it does not
    /// let in). `reason` says which.
    case refused(store: String, reason: String)
    /// The filesystem holding `folder` has less free space than rewriting the archive there may take
    /// (`icebox compact`); the archive was not rewritten.
    case noSpace(folder: String, needed: Int64, available: Int64)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the archive at \(path): \(reason)"
        case .newerSchema(let path, let unknown):
            "the archive at \(path) was written by a newer Icebox (migrations \(unknown.joined(separator: ", "))); upgrade Icebox"
        case .migrationChanged(let name):
            "migration \(name) differs from the one already applied to this archive; shipped migrations must never change"
        case .database(let message), .brokenRule(let message): "archive error: \(message)"
        case .notFound(let what): "\(what) is not in the archive"
        case .conflict(let message): message
        case .noArchive(let folder):
            "no archive in \(folder) (`icebox account add` or `icebox timeline add` starts one)"
        case .damaged(let path, let reason): "the archive at \(path) is damaged: \(reason)"
        case .unsupported(let store, let capability):
            "the store at \(store) cannot \(capability) yet; use an SQLite archive"
        case .unsafe(let path, let reason): "refusing to use \(path): \(reason)"
        case .unreachable(let store, let reason): "cannot reach the store \(store): \(reason)"
        case .refused(let store, let reason): "the store \(store) refused the connection: \(reason)"
        case .noSpace(let folder, let needed, let available):
            "rewriting the archive may take up to \(needed) bytes free in \(folder), which has \(available); "
                + "free some space there and run it again"
        }
    }
}
