import Crypto
import Foundation
import Logging
import Models

/// Copies a whole archive from one store into another, empty one (`icebox migrate`): every table's rows
/// with their ids, then checks that every table holds as many rows as the source and that every
/// status's raw JSON has the same SHA-256 in both.
public struct StoreCopy: Sendable {
    /// What a copy wrote and checked.
    public struct Report: Sendable, Hashable, Codable {
        /// Rows copied per table, in the order they were written.
        public var tables: [Table] = []
        /// Statuses whose raw JSON hashes were compared (all of them).
        public var statusesVerified = 0
        public var seconds = 0.0

        public struct Table: Sendable, Hashable, Codable {
            public var name: String
            public var rows: Int
        }

        enum CodingKeys: String, CodingKey {
            case tables, seconds
            case statusesVerified = "statuses_verified"
        }
    }

    /// Progress: the table being copied and how many of its rows are done.
    public typealias Progress = @Sendable (_ table: String, _ done: Int, _ total: Int) -> Void

    let source: any ArchiveStore
    let destination: any ArchiveStore
    let batch: Int
    let logger: Logger

    public init(
        from source: any ArchiveStore, to destination: any ArchiveStore,
        batch: Int = 500, logger: Logger
    ) {
        self.source = source
        self.destination = destination
        self.batch = max(1, batch)
        self.logger = logger
    }

    /// Copies and verifies. The destination must hold no statuses, accounts or timelines yet.
    public func run(progress: Progress = { _, _, _ in }) async throws(ArchiveError) -> Report {
        let started = ContinuousClock.now
        for table in ["statuses", "archiving_accounts", "timelines"] where try await destination.rowCount(table) > 0 {
            throw .conflict(
                "\(destination.location) already holds an archive (its \(table) table is not empty); "
                    + "migrate copies into an empty store only")
        }
        var report = Report()
        for table in source.copiedTables {
            let columns = try await source.copiedColumns(table)
            let missing = Set(columns).subtracting(try await destination.copiedColumns(table))
            guard missing.isEmpty else {
                throw .conflict(
                    "\(destination.location) has no column \(missing.sorted().joined(separator: ", ")) "
                        + "in \(table): upgrade the Icebox that writes it")
            }
            let total = try await source.rowCount(table)
            var offset = 0
            while offset < total {
                let rows = try await source.readRows(table, columns: columns, offset: offset, limit: batch)
                if rows.isEmpty { break }
                try await destination.writeRows(table, columns: columns, rows: rows)
                offset += rows.count
                progress(table, offset, total)
            }
            report.tables.append(.init(name: table, rows: offset))
            logger.info("copied", metadata: ["table": "\(table)", "rows": "\(offset)"])
        }
        try await destination.finishCopy()
        report.statusesVerified = try await verify(report)
        report.seconds = (ContinuousClock.now - started).seconds
        return report
    }

    /// Every table as long as the source's; every status's raw JSON the same bytes (by SHA-256).
    private func verify(_ report: Report) async throws(ArchiveError) -> Int {
        for table in report.tables {
            let copied = try await destination.rowCount(table.name)
            guard copied == table.rows else {
                throw .database("the copy of \(table.name) holds \(copied) rows where the source holds \(table.rows)")
            }
        }
        let uris = try await source.allStatusURIs()
        guard try await destination.allStatusURIs() == uris else {
            throw .database("the copy's statuses are not the source's")
        }
        for uri in uris {
            let original = try await source.rawJSON(uri: uri).map { Data(SHA256.hash(data: $0)) }
            let copy = try await destination.rawJSON(uri: uri).map { Data(SHA256.hash(data: $0)) }
            guard original == copy else { throw .database("the raw JSON of \(uri) differs after the copy") }
        }
        return uris.count
    }
}
