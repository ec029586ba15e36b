import Archive
import ArchiveCore
import ArgumentParser
import Foundation
import Logging

/// Flags every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The archive folder.", valueName: "dir"))
    var home: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store: a PostgreSQL URL (postgres://user@host/db) shared by a team; default: the SQLite file in the archive folder. Also $ICEBOX_STORE.",
            valueName: "url"))
    var store: String?

    @Flag(name: .shortAndLong, help: "Log more to stderr (-v: progress, -vv: every request).")
    var verbose: Int

    @Option(
        name: .customLong("color"),
        help: ArgumentHelp(
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
    func located() throws -> (home: IceboxHome, store: StoreChoice) {
        let environment = ProcessInfo.processInfo.environment
        let home = IceboxHome(explicit: home, environment: environment)
        return (home, try StoreChoice.resolve(store, home: home, environment: environment))
    }
}
