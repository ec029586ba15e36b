#ifndef ICEBOX_SQLITE_TUNING_H
#define ICEBOX_SQLITE_TUNING_H

/// Sets how many bytes of a statement journal SQLite keeps in memory before it spills it to a temporary
/// file (SQLITE_CONFIG_STMTJRNL_SPILL; SQLite's default is 64 KiB). `sqlite3_config` is variadic, which
/// Swift cannot call, hence this one C function. Only takes effect before SQLite is initialised, that is
/// before this process opens its first database: returns SQLITE_OK (0), or SQLITE_MISUSE (21) after that.
int icebox_sqlite_set_statement_journal_spill(int bytes);

#endif
