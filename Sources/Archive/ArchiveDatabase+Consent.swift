import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// The archive's consent setting (`icebox config search-consent`): `.honoured` unless switched off.
    public func consentPolicy() async throws(ArchiveError) -> ConsentPolicy {
        try await setting("search-consent").flatMap(ConsentPolicy.init(rawValue:)) ?? .honoured
    }

    /// Sets the archive's consent setting.
    public func setConsentPolicy(_ policy: ConsentPolicy) async throws(ArchiveError) {
        try await setSetting("search-consent", policy.rawValue)
    }

    /// The handles of the authors who opted out of search, as last archived.
    public func optedOutAuthors() async throws(ArchiveError) -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: ConsentStatements.optedOut(SQLiteDialect()))
        }
    }

    /// Whether `policy` leaves anything out in this archive: only when it is honoured and someone opted
    /// out (so a search in an archive where nobody did costs nothing more).
    static func hidesOptedOut(_ policy: ConsentPolicy, _ db: Database) throws -> Bool {
        guard policy == .honoured else { return false }
        return try Bool.fetchOne(db.cachedStatement(sql: ConsentStatements.anyOptedOut(SQLiteDialect()))) ?? false
    }
}
