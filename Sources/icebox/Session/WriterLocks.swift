import ArchiveCore

/// What a command that writes the archive for a while outside a sync holds (an import, a compaction,
/// media garbage collection): the sync lock (its transaction would make a sync wait, then fail) and the
/// media lock (media garbage collection would take the files an import has placed but not yet
/// committed for unreferenced ones; a download's rows would wait on a compaction's rewrite). Another
/// holder makes the command stop at once, exit 75, unless it `wait`s or the holder is `icebox watch`,
/// which holds `sync.lock` for moments (then it waits, as a sync does).
struct WriterLocks {
    let sync: SyncLock
    let media: SyncLock

    init(_ home: IceboxHome, wait: Bool = false) async throws {
        sync = try await SyncPhases.takeLock(home, wait: wait)
        media = try await home.takeMediaLock(wait: wait)
    }
}
