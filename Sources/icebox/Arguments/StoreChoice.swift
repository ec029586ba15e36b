import Archive
import ArchiveCore
import ArchivePostgres
import Foundation
import Logging
import Models

/// Which store a command uses: the SQLite file in the archive folder (the default), or a PostgreSQL
/// store named by `--store postgres://user@host/db` or `ICEBOX_STORE`. A password is read from
/// `PGPASSWORD` or the password file (`PGPASSFILE`, `~/.pgpass`), and never printed; one in a URL on the
/// command line is refused (others see it in `ps`), one in `ICEBOX_STORE` is used (only the user and
/// root can read a process's environment).
enum StoreChoice: Sendable {
    case sqlite(URL)
    case postgres(PostgresLocation)

    /// `--store` if given, else `ICEBOX_STORE`, else the SQLite file of `home`. A postgres:// URL names
    /// a PostgreSQL store, a path an SQLite file; a URL of any other scheme (mysql://…) is refused
    /// (`UnknownScheme`, exit 64) rather than taken for a folder of that name.
    static func resolve(_ option: String?, home: IceboxHome, environment: [String: String]) throws -> StoreChoice {
        guard let text = option ?? environment["ICEBOX_STORE"], !text.isEmpty else { return .sqlite(home.database) }
        return try named(text, environment: environment, onCommandLine: option != nil)
    }

    /// A store named on the command line (`--store`, `migrate --to`), or in `ICEBOX_STORE`.
    static func named(_ text: String, environment: [String: String], onCommandLine: Bool = true) throws -> StoreChoice {
        if text.lowercased().hasPrefix("postgres://") || text.lowercased().hasPrefix("postgresql://") {
            let location = try PostgresLocation(url: text)
            if onCommandLine { try PasswordFile.refuseInURL(location) }
            return .postgres(PasswordFile.resolve(location, environment: environment))
        }
        if let scheme = text.range(of: "://").map({ String(text[..<$0.lowerBound]) }),
            !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            throw UnknownScheme(scheme: scheme)
        }
        return .sqlite(URL(fileURLWithPath: text))
    }

    /// A store named by a URL whose scheme Icebox does not speak.
    struct UnknownScheme: Error, CustomStringConvertible, ExitStatusReporting {
        var scheme: String
        var description: String {
            "the store \(scheme)://… is not one Icebox can use: give postgres://user@host/database "
                + "(or postgresql://…) for PostgreSQL, or the path of an SQLite file"
        }
        /// 64: the store the user named is wrong.
        var exitStatus: ExitStatus { .usage }
    }

    /// Where it is, for messages (never a password).
    var description: String {
        switch self {
        case .sqlite(let file): file.path
        case .postgres(let location): location.description
        }
    }

    /// Opens the store; `access` as for `ArchiveDatabase`: only `.readWrite` starts an archive where
    /// there is none (a PostgreSQL store that has one is always migrated).
    func open(logger: Logger, access: ArchiveDatabase.Access = .readWrite) async throws -> any ArchiveStore {
        switch self {
        case .sqlite(let file):
            if access == .readWrite {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            return try ArchiveDatabase(path: file, logger: logger, access: access)
        case .postgres(let location):
            return try await PostgresArchive(location, logger: logger, starting: access == .readWrite)
        }
    }
}
