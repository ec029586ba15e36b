import Archive
import ArchiveCore
import Foundation
import Logging

/// What a command works with, built once from its global options: the archive folder, the opened
/// store with what it can do, the credentials and the logger.
struct CommandContext: Sendable {
    /// The archive folder (credentials, media, locks, and the SQLite file by default).
    let home: IceboxHome
    /// The opened store.
    let store: any ArchiveStore
    /// What the store can do beyond the seam.
    let capabilities: StoreCapabilities
    /// The accounts' tokens, in the archive folder.
    let credentials: CredentialStore
    /// The logger to stderr, at the level `-v` asks for.
    let logger: Logger

    /// How a command opens the store.
    enum Opening: Sendable {
        /// It may start an archive: the folder and the store are created and migrated if need be
        /// (account add, timeline add, import, config set).
        case mayStart
        /// It adds to an archive that must exist (sync, watch): a missing archive is exit 66 and nothing
        /// is created, so a cron job or service with a mistyped `ICEBOX_HOME` fails instead of archiving
        /// nothing forever; the folder of one that exists is checked and tightened as `mayStart` does.
        case continuing
        /// It changes an archive but never starts one (account remove, timeline remove, unreadable
        /// --retry, media fetch, verify --repair and gc): a missing archive is exit 66, nothing is created.
        case existing
        /// It reads (export, repl, account lists, media verify, gc --dry-run, config without a value):
        /// as `existing`; a read-only archive is read as it is.
        case reading
        /// It only queries (search, show, stats, timeline list, account list): as `reading`, and a
        /// current archive is opened read-only, so opening it writes nothing.
        case queryOnly
    }

    init(home: IceboxHome, store: any ArchiveStore, logger: Logger) {
        self.home = home
        self.store = store
        self.capabilities = StoreCapabilities(of: store)
        self.credentials = CredentialStore(file: home.credentials, logger: logger)
        self.logger = logger
    }
}

extension GlobalOptions {
    /// The context of a command that opens the store as `opening` says: the SQLite file in the archive
    /// folder, or the PostgreSQL store `--store` names (the folder then holds the credentials and media).
    /// A missing archive, unless `opening` is `.mayStart`, is `ArchiveError.noArchive` (exit 66, naming
    /// the folder and how an archive is started), and nothing is created, neither the folder nor a file in it.
    func context(_ opening: CommandContext.Opening) async throws -> CommandContext {
        let logger = logger()
        let (home, store) = try located()
        switch opening {
        case .mayStart:
            try home.create(logger: logger)
            let context = CommandContext(home: home, store: try await store.open(logger: logger), logger: logger)
            if context.capabilities.sqliteFile != nil {
                // What Datasette needs to search the archive, kept beside it; not worth failing a command over.
                do {
                    try DatasetteMetadata.write(into: home.directory)
                } catch {
                    logger.warning("could not write \(DatasetteMetadata.fileName): \(error.localizedDescription)")
                }
            }
            return context
        case .continuing:
            // The archive must be there; once it is, it is opened as a writer opens it (migrated, and
            // its file and folder tightened to their owner).
            let access: ArchiveDatabase.Access
            switch store {
            case .sqlite(let file):
                var info = stat()
                guard stat(file.path, &info) == 0 else {
                    throw ArchiveError.noArchive(folder: file.deletingLastPathComponent().path)
                }
                access = .readWrite
            case .postgres:
                // PostgreSQL: `.read` starts nothing in a database with no archive and migrates one that has it.
                access = .read
            }
            if case .postgres = store {
                // The store first: a database with no archive leaves no new folder behind either.
                let opened = try await store.open(logger: logger, access: access)
                try home.create(logger: logger)
                return CommandContext(home: home, store: opened, logger: logger)
            }
            // SQLite: the folder is checked (refused if another user may write in it) before the file in it is opened.
            try home.create(logger: logger)
            return CommandContext(
                home: home, store: try await store.open(logger: logger, access: access), logger: logger)
        case .existing, .reading, .queryOnly:
            let access: ArchiveDatabase.Access = opening == .queryOnly ? .readOnly : .read
            return CommandContext(
                home: home, store: try await store.open(logger: logger, access: access), logger: logger)
        }
    }
}
