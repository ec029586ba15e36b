import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    /// Where a status came from: the pinned timelines whose sync saw it, the servers it was read from
    /// outside any timeline, and the files it was imported from (in the SQLite store's order and words).
    public func provenance(of number: Int64) async throws(ArchiveError) -> [StatusProvenance] {
        let logger = self.logger
        return try await transaction { connection in try await Self.provenance(of: number, connection, logger) }
    }

    static func provenance(of number: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws
        -> [StatusProvenance]
    {
        try await provenance(ofAny: [number], connection, logger)[number] ?? []
    }

    /// The provenance of each status of a set, by number: three statements for the whole set.
    static func provenance(ofAny numbers: [Int64], _ connection: PostgresConnection, _ logger: Logger) async throws
        -> [Int64: [StatusProvenance]]
    {
        let dialect = PostgresDialect()
        var syncedFrom: [Int64: Set<String>] = [:]
        var found = try await connection.grouped(ProvenanceStatements.timelines(ofAny: dialect), numbers, logger) {
            row in
            let server = ServerAuthority.of(try row.string("server"))
            syncedFrom[try row.int64("status_id"), default: []].insert(server)
            return StatusProvenance(kind: .sync, detail: "\(try row.string("spec")) on \(server)")
        }
        let fetches = try await connection.grouped(
            ProvenanceStatements.fetchedFrom(ofAny: dialect), numbers, logger
        ) { try $0.string("server") }
        for (number, servers) in fetches {
            for server in servers where !(syncedFrom[number]?.contains(server) ?? false) {
                found[number, default: []].append(StatusProvenance(kind: .fetch, detail: server))
            }
        }
        let imports = try await connection.grouped(ProvenanceStatements.files(ofAny: dialect), numbers, logger) {
            row in
            let entry = try row.string("entry")
            let detail = "\(try row.string("format")) \(try row.string("file"))" + (entry.isEmpty ? "" : " (\(entry))")
            return StatusProvenance(kind: .import, detail: detail)
        }
        for (number, entries) in imports { found[number, default: []].append(contentsOf: entries) }
        return found
    }
}
