import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// What reading the kept unreadable statuses again did.
public struct RecoveryReport: Sendable, Hashable, Codable {
    /// Kept statuses this Icebox could read, now archived (from their stored bytes).
    public var archived: Int
    /// Kept statuses it still cannot read; they stay kept, with the new reason.
    public var stillUnreadable: Int

    public init(archived: Int = 0, stillUnreadable: Int = 0) {
        self.archived = archived
        self.stillUnreadable = stillUnreadable
    }
}

/// Reads the statuses kept unreadable again, from the bytes the archive stored, and archives those that
/// this Icebox can read, without asking any server. Nothing kept is ever dropped: a status still
/// unreadable stays kept; an archived one stays listed as archived.
public struct UnreadableRecovery: Sendable {
    let archive: any ArchiveStore
    let logger: Logger

    public init(archive: any ArchiveStore, logger: Logger) {
        self.archive = archive
        self.logger = logger
    }

    /// Tries the kept statuses: by default those an earlier (or other) Icebox failed on, as every sync
    /// does first; with `all`, every one not archived yet.
    public func run(all: Bool = false) async throws(ArchiveError) -> RecoveryReport {
        let pending = try await archive.pendingUnreadable(notReadBy: all ? nil : IceboxVersion.string)
        guard !pending.isEmpty else { return RecoveryReport() }
        let accountServers = Set(try await archive.accounts().compactMap { try? ServerAddress($0.server).host })
        var report = RecoveryReport()
        for kept in pending {
            do {
                let status = try ArchivableStatus(decoding: kept.raw, servedBy: kept.server)
                let authority: CopyAuthority = accountServers.contains(kept.server) ? .account : .anonymous
                let (number, _) = try await archive.archiveKept(kept, as: status, authority: authority)
                report.archived += 1
                logger.info(
                    "archived a status kept unreadable",
                    metadata: [
                        "server": "\(kept.server)", "id": "\(kept.localID ?? "-")", "number": "\(number)",
                    ])
            } catch let error as StatusDecodingError {
                report.stillUnreadable += 1
                try await archive.recordStillUnreadable(
                    kept.id, reason: error.reason, readerVersion: IceboxVersion.string)
            } catch {
                // Readable but not storable: it stays kept, with the reason, and never blocks a sync.
                report.stillUnreadable += 1
                logger.warning(
                    "a kept status reads but cannot be stored",
                    metadata: [
                        "server": "\(kept.server)", "id": "\(kept.localID ?? "-")", "error": "\(error)",
                    ])
                try await archive.recordStillUnreadable(
                    kept.id, reason: "could not be stored: \(error)",
                    readerVersion: IceboxVersion.string)
            }
        }
        return report
    }
}
