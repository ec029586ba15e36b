import ArchiveCore
import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

#if canImport(Glibc)
    import Glibc
#endif

extension PostgresArchive {
    /// Why a store could not be opened, in a sentence naming host:port and the cause: nothing listens
    /// there (connection refused), no answer in time, an unknown host or a database it does not have
    /// (`.unreachable`, exit 69); a user or password it refuses (`.refused`, exit 77); anything else as
    /// `.cannotOpen` (74). Never the password.
    static func openFailure(_ error: any Error, location: PostgresLocation) -> ArchiveError {
        let store = location.description
        let server = "PostgreSQL at \(location.host):\(location.port)"
        if let error = error as? PSQLError {
            switch error.serverInfo?[.sqlState] {
            case "28P01", "28000":
                return .refused(
                    store: store,
                    reason: "\(server) did not let user \(location.user) in "
                        + "(\(error.serverInfo?[.message] ?? "authentication failed")); check PGPASSWORD or the password file"
                )
            case "3D000":
                return .unreachable(
                    store: store,
                    reason: "\(server) has no database \(location.database) "
                        + "(\(error.serverInfo?[.message] ?? "it does not exist")); create it with "
                        + "`createdb -h \(location.host) -p \(location.port) -U \(location.user) \(location.database)`")
            default: break
            }
            if let cause = error.underlying.flatMap({ connectionCause($0) }) {
                return .unreachable(store: store, reason: "cannot connect to \(server): \(cause)")
            }
        } else if let cause = connectionCause(error) {
            return .unreachable(store: store, reason: "cannot connect to \(server): \(cause)")
        }
        return .cannotOpen(path: store, reason: reason(error))
    }

    /// What kept a connection from being made, in words (`Connection refused`, a timeout, an unknown
    /// host); nil for an error that is not about connecting.
    private static func connectionCause(_ error: any Error) -> String? {
        switch error {
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first {
                return connectionCause(failure.error) ?? "\(failure.error)"
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "the host \(error.host) is not known" }
            return "no address to connect to"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)) + " (is the server running and listening there?)"
        case ChannelError.connectTimeout(let amount):
            return "no answer within \(amount.nanoseconds / 1_000_000_000) s (timed out)"
        default:
            return nil
        }
    }
}
