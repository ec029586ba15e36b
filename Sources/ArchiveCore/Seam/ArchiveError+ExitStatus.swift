import Models

extension ArchiveError: ExitStatusReporting {
    /// 64 when the request names something the archive does not hold or contradicts it (an unknown
    /// account or status, a timeline already pinned) or the store cannot do it; 66 when the folder holds
    /// no archive (a read-only command creates none); 74 when the archive cannot be read or written, is damaged,
    /// or its filesystem has no room to rewrite it;
    /// 77 (EX_NOPERM) when its folder or a file in it could be read or swapped by someone else, or a
    /// store's server refused the user or password; 69 (EX_UNAVAILABLE) when a store's server is not
    /// there to be used (as for a Mastodon server that cannot be reached: try again when it is back),
    /// rather than 74, which is for reading and writing files.
    public var exitStatus: ExitStatus {
        switch self {
        case .notFound, .conflict, .unsupported: .usage
        case .noArchive: .noInput
        case .unsafe, .refused: .noPermission
        case .unreachable: .unavailable
        case .cannotOpen, .newerSchema, .migrationChanged, .database, .brokenRule, .damaged, .noSpace: .ioError
        }
    }
}

extension SyncLock.Held: ExitStatusReporting {
    /// 75: another sync holds the archive; try again later (or pass `--wait`).
    public var exitStatus: ExitStatus { .tempFail }
}
