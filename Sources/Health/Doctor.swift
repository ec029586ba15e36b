import Archive
import ArchiveCore
import Foundation
import Logging

/// Checks in one go what a user would otherwise find out at 3 am: the archive file and its schema, the
/// media store, the modes of files holding secrets, each account's token and server, each timeline's
/// last successful sync, the locks and the free disk space. Returns findings; never prints, never
/// repairs (except what reading the credentials always does: restrict a readable file to 0600).
public struct Doctor: Sendable {
    public struct Options: Sendable {
        /// `PRAGMA integrity_check` instead of `quick_check`, and every media file re-hashed.
        public var full = false
        /// Media files re-hashed when not `full`.
        public var mediaSample = 50
        /// A timeline whose last successful sync is older than this is a problem.
        public var staleAfter: TimeInterval = 86_400
        /// Entries Mastodon keeps in a home or list feed.
        public var feedLength = 400
        /// The longest one account's check may take, in seconds.
        public var requestTimeout: TimeInterval = 15

        public init() {}
    }

    let home: IceboxHome
    let options: Options
    let logger: Logger

    public init(home: IceboxHome, options: Options = Options(), logger: Logger) {
        self.home = home
        self.options = options
        self.logger = logger
    }

    /// Every check, in a fixed order. Throws only `.noArchive` when the folder holds no archive at all
    /// (nothing is created).
    public func examine() async throws(ArchiveError) -> [DoctorCheck] {
        let archive: ArchiveDatabase
        do {
            // Read-only and never migrated: doctor reports the archive as found, even one nobody may write.
            archive = try ArchiveDatabase(path: home.database, logger: logger, access: .inspect)
        } catch {
            if case .noArchive = error { throw error }
            return examine(unopened: DoctorCheck("archive", .problem, "cannot be opened: \(error)"), noun: "archive")
        }
        return await examine(archive)
    }

    /// Every check of a store the team shares (PostgreSQL), opened by the caller, with the files of this
    /// machine's archive folder (credentials, history, media, locks). `opened`: the store, or why it
    /// could not be opened (then it is a problem of its own and the rest is checked all the same).
    public func examine(shared opened: Result<any ArchiveStore, ArchiveError>, location: String) async -> [DoctorCheck]
    {
        switch opened {
        case .success(let store):
            return await examine(store)
        case .failure(let error):
            return examine(
                unopened: DoctorCheck("store", .problem, "\(location) cannot be opened: \(error)"), noun: "store")
        }
    }

    // File modes come first, before anything reads the credentials (which restricts a readable file,
    // hiding it).

    private func examine(_ store: any ArchiveStore) async -> [DoctorCheck] {
        fileModes() + (await storeChecks(store)) + locks() + [diskSpace()]
    }

    /// The store could not be opened: that problem, and what needs the store said to be unchecked.
    private func examine(unopened problem: DoctorCheck, noun: String) -> [DoctorCheck] {
        fileModes() + [
            problem, DoctorCheck("accounts and timelines", .warning, "not checked: the \(noun) cannot be read"),
        ]
            + locks() + [diskSpace()]
    }

    private func storeChecks(_ store: any ArchiveStore) async -> [DoctorCheck] {
        var checks = await archiveFile(store)
        checks.append(await media(store))
        checks += await accounts(store)
        checks += await timelines(store)
        return checks
    }
}
