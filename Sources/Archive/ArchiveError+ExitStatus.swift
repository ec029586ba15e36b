import Models

extension ArchiveError: ExitStatusReporting {
    /// 64 when the request names something the archive does not hold or contradicts it (an unknown
    /// account or status, a timeline already pinned); 74 when the archive cannot be read or written.
    public var exitStatus: ExitStatus {
        switch self {
        case .notFound, .conflict: .usage
        case .cannotOpen, .newerSchema, .migrationChanged, .database: .ioError
        }
    }
}

extension SyncLock.Held: ExitStatusReporting {
    /// 75: another sync holds the archive; try again later (or pass `--wait`).
    public var exitStatus: ExitStatus { .tempFail }
}
