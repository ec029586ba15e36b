import CSQLiteTuning
import Logging

extension ArchiveDatabase {
    /// How many bytes of a statement journal SQLite keeps in memory before it spills it to a temporary
    /// file. SQLite's default, 64 KiB, is four pages of a 16 KiB archive: every statement of a page store
    /// that fires the full-text triggers journals more than that, so each page's transaction wrote its
    /// statement journals to a temporary file — 918 MB of temporary writes for a 5,000-status sync, against
    /// 121 MB of write-ahead log (strace of a release sync, docs/benchmarks.md). 4 MiB holds any statement
    /// of a page store many times over, and bounds the memory: a statement that modifies more (a migration,
    /// a large deletion) still spills to a file past it, as before.
    static let statementJournalInMemory: Int32 = 4 << 20

    /// Sets the statement-journal bound once per process, before the first database opens (SQLite takes
    /// process-wide settings only before it is initialised). True when it took effect.
    static let statementJournalTuned: Bool = {
        icebox_sqlite_set_statement_journal_spill(statementJournalInMemory) == 0
    }()

    /// Applies `statementJournalTuned`, saying so at debug level when something opened SQLite first.
    static func tuneSQLite(logger: Logger) {
        if !statementJournalTuned {
            logger.debug("SQLite was initialised before the archive opened: statement journals spill at 64 KiB")
        }
    }
}
