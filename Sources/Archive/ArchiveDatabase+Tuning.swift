import CSQLiteTuning
import Logging

extension ArchiveDatabase {
    /// Whether SQLite keeps statement journals in memory up to 1 MiB in this process (`sqlite_tuning.h`,
    /// set when the program loads).
    ///
    /// SQLite's default, 64 KiB, is four pages of a 16 KiB archive. A statement that fires the word-index
    /// triggers journals more than that, and once a transaction's journal has gone to a file, every later
    /// statement of the transaction writes its journal there too: a sync of 7,813 statuses made 231,656
    /// writes to temporary files (strace, `docs/benchmarks.md`); at 1 MiB it makes none (512 KiB still
    /// spilled 1,100 times). The bound keeps the memory bounded: a statement that changes more (a
    /// migration, a large deletion, an import's savepoints) still moves to a file past it.
    static var statementJournalsTuned: Bool { icebox_sqlite_statement_journal_tuning() == 0 }

    /// Says at debug level when the tuning could not be made: SQLite's defaults are then kept, correct
    /// but slower.
    static func noteSQLiteTuning(logger: Logger) {
        if !statementJournalsTuned {
            logger.debug(
                "SQLite keeps its default 64 KiB of each statement journal in memory",
                metadata: ["sqlite-code": "\(icebox_sqlite_statement_journal_tuning())"])
        }
    }
}
