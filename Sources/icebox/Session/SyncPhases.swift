import ArchiveCore
import Importer

/// The two phases of `icebox sync`, each under its own lock.
enum SyncPhases {
    /// Syncs the timelines holding `sync.lock` (released when they are done). On a `shared` store the
    /// store's leases share the work between workers, so no lock file is taken.
    static func timelines(
        home: IceboxHome, wait: Bool, shared: Bool = false, _ synchronizer: Synchronizer,
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) async throws -> SyncRunReport {
        if shared { return try await synchronizer.runWithMedia(progress: progress) }
        let lock = try await takeLock(home, wait: wait)
        defer { withExtendedLifetime(lock) {} }
        return try await synchronizer.runWithMedia(progress: progress)
    }

    /// `sync.lock`, waited for when `wait` or when `icebox watch` holds it (for a batch or a catch-up:
    /// moments, so a cron sync beside a watch runs instead of exiting 75).
    static func takeLock(_ home: IceboxHome, wait: Bool) async throws -> SyncLock {
        do {
            return try await SyncLock(path: home.syncLock, wait: wait)
        } catch let held as SyncLock.Held where held.heldByWatch {
            return try await SyncLock(path: home.syncLock, wait: true)
        }
    }

    /// Rechecks archived statuses (`sync --recheck`) holding `sync.lock`, as the timelines are synced.
    static func recheck(
        home: IceboxHome, wait: Bool, shared: Bool, _ rechecker: Rechecker,
        days: Int
    ) async throws -> [RecheckReport] {
        if shared { return try await rechecker.run(days: days) }
        let lock = try await takeLock(home, wait: wait)
        defer { withExtendedLifetime(lock) {} }
        return try await rechecker.run(days: days)
    }

    /// Downloads missing media holding `media.lock`; when another run holds it, leaves the media to
    /// that run (it reads the same list of missing files) and says so, unless `quiet` (no failure: cron
    /// would mail the line).
    static func media(
        home: IceboxHome, quiet: Bool, _ synchronizer: Synchronizer,
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) async throws -> MediaRunReport? {
        let lock: SyncLock
        do {
            lock = try await home.takeMediaLock()
        } catch let held as SyncLock.Held {
            if !quiet { Console.err("media: another run is downloading media (\(held.holder)); left to it") }
            return nil
        }
        defer { withExtendedLifetime(lock) {} }
        return await synchronizer.fetchMedia(progress: progress)
    }
}
