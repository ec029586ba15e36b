import ArchiveCore
import ArgumentParser
import Foundation
import Models

extension Icebox {
    /// `icebox compact`: the archive file rewritten without the space it no longer uses.
    struct Compact: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compact",
            abstract: "Give the archive's unused space back to the disk.",
            discussion: """
                Merges the full-text indexes and rewrites the SQLite file without the space it no longer uses \
                (SQLite's VACUUM), then empties its write-ahead log; everything reads as before. Space goes \
                unused where statuses were deleted or redacted, where an upgrade of Icebox dropped a column, \
                and in indexes filled in no order; a sync never rewrites the file, as that would cost a \
                sync's time again on every run. It holds the sync and media locks throughout (exit 75 when \
                another command holds one, unless --wait; a moment's hold by icebox watch is waited for) and \
                may need twice the archive's used bytes free on its filesystem: that is checked before \
                anything is written and again after the indexes' merge (exit 74, the file not rewritten). A \
                PostgreSQL store reuses its space by its own VACUUM.
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Wait for a sync, import or media download of this archive to finish instead of exiting with 75.")
        var wait = false

        @OptionGroup var format: ReportFormat

        func run() async throws {
            try await reportingFailures {
                // The locks before the archive is opened: a compaction another command holds off leaves
                // the file as it was, and none migrates an archive while a sync writes it.
                let (home, store) = try global.located()
                guard case .sqlite(let file) = store else {
                    throw ArchiveError.conflict(
                        "icebox compact rewrites an SQLite archive; a PostgreSQL store reuses its space by its own VACUUM"
                    )
                }
                var info = stat()
                guard stat(file.path, &info) == 0 else {
                    throw ArchiveError.noArchive(folder: file.deletingLastPathComponent().path)
                }
                let locks = try await WriterLocks(home, wait: wait)
                defer { withExtendedLifetime(locks) {} }
                let context = try await global.context(.continuing)
                guard let compacting = context.capabilities.compacting else {
                    throw ArchiveError.conflict("the store \(context.store.location) cannot be compacted")
                }
                let report = try await compacting.compact()
                if format.json { return try Console.json(report) }
                var line =
                    "Compacted \(report.path): \(ByteSize.text(report.bytesBefore)) → "
                    + "\(ByteSize.text(report.bytesAfter)) (\(ByteSize.text(report.bytesFreed)) freed)"
                if !report.logEmptied {
                    line +=
                        "; another process was reading, so the write-ahead log keeps its size until no process "
                        + "has the archive open"
                }
                Console.out(line.terminalSafe)
            }
        }
    }
}
