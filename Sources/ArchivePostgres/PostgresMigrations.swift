import ArchiveCore
import Foundation
import Logging
import PostgresNIO

/// Applies the migrations embedded from `schema/postgres/*.sql`, as the SQLite store applies its own:
/// each in its transaction, recorded with a checksum so an edited shipped migration is noticed. An
/// advisory lock makes workers that start together wait for one of them to migrate.
enum PostgresMigrations {
    /// The lock's key: any number that other applications on the same database are unlikely to use.
    static let lockKey: Int64 = 0x1CEB0C5

    static func migrate(_ connection: PostgresConnection, location: String, logger: Logger) async throws(ArchiveError) {
        do {
            try await connection.execute("SELECT pg_advisory_lock($1)", [.int(lockKey)], logger: logger)
            do {
                try await apply(connection, location: location, logger: logger)
                try await connection.execute("SELECT pg_advisory_unlock($1)", [.int(lockKey)], logger: logger)
            } catch {
                try? await connection.execute("SELECT pg_advisory_unlock($1)", [.int(lockKey)], logger: logger)
                throw error
            }
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .cannotOpen(path: location, reason: PostgresArchive.translate(error).description)
        }
    }

    private static func apply(_ connection: PostgresConnection, location: String, logger: Logger) async throws {
        let dialect = PostgresDialect()
        try await connection.execute(SchemaLedger.create, logger: logger)
        var applied: [String: String] = [:]
        for row in try await connection.rows(SchemaLedger.applied, logger: logger) {
            applied[try row.text("name")] = try row.text("checksum")
        }
        try SchemaLedger.check(embeddedMigrations, applied: applied.keys, checksums: applied, path: location)
        for migration in embeddedMigrations where applied[migration.name] == nil {
            let checksum = SchemaLedger.checksum(migration.sql)
            try await connection.withTransaction(logger: logger) { connection in
                // postgres-nio speaks the extended protocol, one statement per message.
                for statement in statements(of: migration.sql) {
                    try await connection.execute(statement, logger: logger)
                }
                // Work SQL cannot do, in the same transaction: the authors' first versions (their digests).
                if migration.name == "0023_author_versions" {
                    _ = try await connection.run(AuthorVersionStatements.backfill(), logger: logger)
                }
                try await connection.execute(
                    dialect.statement(SchemaLedger.record),
                    [.text(migration.name), .text(checksum), .text(Timestamp.now())], logger: logger)
            }
            logger.info("store schema migrated", metadata: ["applied": "\(migration.name)"])
        }
    }

    /// The statements of a migration: split at semicolons outside quotes, comments and dollar quotes.
    static func statements(of sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var characters = Array(sql)[...]
        while let character = characters.popFirst() {
            current.append(character)
            switch character {
            case "'", "\"":
                while let next = characters.popFirst() {
                    current.append(next)
                    if next == character { break }
                }
            case "-" where characters.first == "-":
                while let next = characters.popFirst() {
                    current.append(next)
                    if next == "\n" { break }
                }
            case "$":
                // $tag$ … $tag$
                guard let end = characters.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_") }),
                    characters[end] == "$"
                else { continue }
                let tag = "$" + String(characters[characters.startIndex..<end]) + "$"
                current += String(characters[characters.startIndex...end])
                characters = characters[(end + 1)...]
                let rest = String(characters)
                guard let close = rest.range(of: tag) else {
                    current += rest
                    characters = []
                    continue
                }
                current += String(rest[..<close.upperBound])
                characters = characters.dropFirst(rest.distance(from: rest.startIndex, to: close.upperBound))
            case ";":
                let statement = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !statement.isEmpty { statements.append(statement) }
                current = ""
            default:
                break
            }
        }
        let last = current.trimmingCharacters(in: .whitespacesAndNewlines)
        let meaningful = last.split(separator: "\n").contains {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
        if meaningful { statements.append(last) }
        return statements
    }
}
