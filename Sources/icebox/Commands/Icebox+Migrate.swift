import ArchiveCore
import ArgumentParser
import Foundation

extension Icebox {
    /// `icebox migrate --to STORE`: copies the archive into another, empty store and verifies the copy.
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "migrate",
            abstract: "Copy the archive into another, empty store (PostgreSQL or an SQLite file) and verify it.",
            discussion: """
                Copies every table with its ids, then checks that every table holds as many rows as the \
                source and that every status's raw JSON has the same SHA-256. The source is the archive \
                (--home, or --store / ICEBOX_STORE); tokens stay in the credentials file, which no store holds. \
                Examples: `icebox migrate --to postgres://icebox@db.example/archive` and, back, \
                `icebox migrate --store postgres://icebox@db.example/archive --to project.sqlite`.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(
            help: ArgumentHelp(
                "The store to copy into: postgres://user@host/db, or an SQLite file that does not exist yet.",
                valueName: "store"))
        var to: String

        @OptionGroup var format: ReportFormat

        func run() async throws {
            try await reportingFailures {
                let logger = global.logger()
                let environment = ProcessInfo.processInfo.environment
                let source = try StoreChoice.resolve(global.store, home: global.iceboxHome, environment: environment)
                let destination = try StoreChoice.named(to, environment: environment)
                if case .sqlite(let file) = destination, FileManager.default.fileExists(atPath: file.path) {
                    throw ArchiveError.conflict("\(file.path) already exists; migrate copies into a new file only")
                }
                let from = try await source.open(logger: logger, access: .read)
                let into = try await destination.open(logger: logger)
                let board = ProgressBoard.shared
                if global.escapes(on: STDERR_FILENO) { board.start() }
                let report: StoreCopy.Report
                do {
                    report = try await StoreCopy(from: from, to: into, logger: logger).run { table, done, total in
                        board.set("migrate", "copying \(table): \(done) of \(total)")
                    }
                } catch {
                    board.stop()
                    throw error
                }
                board.stop()
                if format.json { return try Console.json(report) }
                for table in report.tables {
                    Console.out("\(table.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(table.rows)")
                }
                Console.out(
                    "copied \(source.description) into \(destination.description); "
                        + "\(report.statusesVerified) statuses verified byte for byte "
                        + "in \(String(format: "%.1f", report.seconds)) s")
            }
        }
    }
}
