#ifndef ICEBOX_SQLITE_TUNING_H
#define ICEBOX_SQLITE_TUNING_H

/// How many bytes of each statement journal SQLite keeps in memory before it moves the journal to a
/// temporary file: 1 MiB (SQLITE_CONFIG_STMTJRNL_SPILL; SQLite's default is 64 KiB, four pages of a
/// 16 KiB archive). See ArchiveDatabase+Tuning.swift for what it saves.
#define ICEBOX_STATEMENT_JOURNAL_IN_MEMORY (1 << 20)

/// Whether the process's SQLite took the bound above and the VFS that lets a larger journal spill to its
/// file: SQLITE_OK (0), or the SQLite error code that stopped it (the process then keeps SQLite's own
/// defaults, which are correct, only slower).
///
/// Both are set when the program is loaded, before `main`, so that they are in place before anything in
/// the process opens a database (SQLite takes process-wide settings only before it is initialised).
///
/// Why the VFS: when a journal outgrows the bound, SQLite 3.40 copies what it held in memory to the file
/// in one write of up to the bound's size, and the unix VFS writes at most 128 KiB - 1 at once
/// (`seekAndWriteFd` masks the size with 0x1ffff), so any bound of 128 KiB or more made that write come
/// back short and the statement fail with SQLITE_FULL ("database or disk is full"). The VFS registered
/// here, as the default, is the unix VFS, except that a statement journal's file takes its writes in
/// pieces of 64 KiB.
int icebox_sqlite_statement_journal_tuning(void);

#endif
