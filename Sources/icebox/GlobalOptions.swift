import Archive
import ArchiveCore
import ArgumentParser
import Foundation
import Logging

/// Flags every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The archive folder.", valueName: "dir"))
    var home: String?

    @Option(name: .long, help: ArgumentHelp(
        "The store: a PostgreSQL URL (postgres://user@host/db) shared by a team; default: the SQLite file in the archive folder. Also $ICEBOX_STORE.",
        valueName: "url"))
    var store: String?

    @Flag(name: .shortAndLong, help: "Log more to stderr (-v: progress, -vv: every request).")
    var verbose: Int

    @Option(name: .customLong("color"), help: ArgumentHelp(
        "Colour and live progress: auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always or never.",
        valueName: "when"))
    var colour = Self.defaultColour

    /// `--color`'s default (also `SearchShortcut`'s).
    static let defaultColour = ColourChoice.auto

    /// Whether output to `descriptor` may carry escape sequences (colour, a progress line that
    /// redraws itself).
    func escapes(on descriptor: Int32) -> Bool {
        colour.allows(terminal: isatty(descriptor) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// The archive folder, from --home, $ICEBOX_HOME or the XDG default.
    var iceboxHome: IceboxHome {
        IceboxHome(explicit: home, environment: ProcessInfo.processInfo.environment)
    }

    /// A logger to stderr at the level -v asks for (warnings by default).
    func logger(_ label: String = "icebox") -> Logger {
        LogSetup.bootstrapOnce(level: verbose >= 2 ? .debug : verbose == 1 ? .info : .warning)
        return Logger(label: label)
    }

    /// The store this command uses: `--store`, `$ICEBOX_STORE`, or the archive folder's SQLite file.
    func storeChoice() throws -> StoreChoice {
        try located().store
    }

    /// The archive folder and the store, from one reading of the environment (Foundation builds the
    /// whole dictionary on every call: a tenth of a millisecond of a one-shot search each time).
    private func located() throws -> (home: IceboxHome, store: StoreChoice) {
        let environment = ProcessInfo.processInfo.environment
        let home = IceboxHome(explicit: home, environment: environment)
        return (home, try StoreChoice.resolve(store, home: home, environment: environment))
    }

    /// Opens (creating and migrating if needed) the archive: the SQLite file in the archive folder, or
    /// the PostgreSQL store `--store` names (the folder then holds the credentials and media).
    /// Only for commands that may start an archive (account add, timeline add, sync, import, watch,
    /// config set): a command that only reads uses ``openArchiveForReading(neverWrites:)``, and one that
    /// changes an archive but never starts one ``openExistingArchive()``.
    func openArchive(reusing opened: (any ArchiveStore)? = nil) async throws
        -> (IceboxHome, any ArchiveStore, CredentialStore, Logger) {
        let logger = logger()
        let home: IceboxHome
        let archive: any ArchiveStore
        if let opened {
            home = iceboxHome
            try home.create(logger: logger)
            archive = opened
        } else {
            let location = try located()
            home = location.home
            try home.create(logger: logger)
            archive = try await location.store.open(logger: logger)
        }
        if archive is ArchiveDatabase {
            // What Datasette needs to search the archive, kept beside it; not worth failing a command over.
            do {
                try DatasetteMetadata.write(into: home.directory)
            } catch {
                logger.warning("could not write \(DatasetteMetadata.fileName): \(error.localizedDescription)")
            }
        }
        return (home, archive, CredentialStore(file: home.credentials, logger: logger), logger)
    }

    /// The one way a command that only reads opens the archive (search, show, stats, export, repl,
    /// timeline list, account list and lists, unreadable, media verify, media gc --dry-run, config
    /// without a value): it must exist, else `ArchiveError.noArchive` (exit 66, naming the folder and
    /// how an archive is started), and nothing is created, neither the folder nor a file in it; a
    /// read-only archive is read as it is.
    /// `neverWrites`: the command only queries (search, show, stats), so a current archive is opened
    /// read-only and opening it writes nothing.
    func openArchiveForReading(neverWrites: Bool = false) async throws
        -> (IceboxHome, any ArchiveStore, CredentialStore, Logger) {
        let logger = logger()
        let (home, store) = try located()
        let archive = try await store.open(logger: logger, access: neverWrites ? .readOnly : .read)
        return (home, archive, CredentialStore(file: home.credentials, logger: logger), logger)
    }

    /// Opens the archive for a command that changes an archive but never starts one (account remove,
    /// timeline remove, unreadable --retry, media fetch, verify --repair and gc): as
    /// ``openArchiveForReading(neverWrites:)``, a missing archive is exit 66 and nothing is created.
    func openExistingArchive() async throws -> (IceboxHome, any ArchiveStore, CredentialStore, Logger) {
        try await openArchiveForReading()
    }
}
