#include "sqlite_tuning.h"
#include <sqlite3.h>

int icebox_sqlite_set_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
