#include "sqlite_tuning.h"
#include <pthread.h>
#include <sqlite3.h>
#include <stddef.h>

/// The largest write passed on to the unix VFS at once (it writes at most 128 KiB - 1).
static const int pieceBytes = 64 * 1024;

static sqlite3_vfs *unixVFS;
static sqlite3_vfs splittingVFS;

/// The unix VFS's methods for a statement journal's file, learnt from the first one opened, and the same
/// methods with `splitWrite` for xWrite; set once, under `learning`.
static pthread_mutex_t learning = PTHREAD_MUTEX_INITIALIZER;
static const sqlite3_io_methods *unixJournalMethods;
static sqlite3_io_methods splitJournalMethods;

static int tuning = SQLITE_ERROR;

static int splitWrite(sqlite3_file *file, const void *buffer, int bytes, sqlite3_int64 offset) {
    const char *next = buffer;
    while (bytes > 0) {
        int piece = bytes < pieceBytes ? bytes : pieceBytes;
        int rc = unixJournalMethods->xWrite(file, next, piece, offset);
        if (rc != SQLITE_OK) return rc;
        next += piece;
        offset += piece;
        bytes -= piece;
    }
    return SQLITE_OK;
}

/// `methods` with writes split, when they are the unix VFS's methods for statement journals.
static const sqlite3_io_methods *splitting(const sqlite3_io_methods *methods) {
    pthread_mutex_lock(&learning);
    if (unixJournalMethods == NULL && methods->xWrite != NULL) {
        splitJournalMethods = *methods;
        splitJournalMethods.xWrite = splitWrite;
        unixJournalMethods = methods;
    }
    const sqlite3_io_methods *result = methods == unixJournalMethods ? &splitJournalMethods : methods;
    pthread_mutex_unlock(&learning);
    return result;
}

static int splittingOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    int rc = unixVFS->xOpen(unixVFS, name, file, flags, outFlags);
    if (rc == SQLITE_OK && (flags & SQLITE_OPEN_SUBJOURNAL) && file->pMethods != NULL) {
        file->pMethods = splitting(file->pMethods);
    }
    return rc;
}

static int tune(int bytes) {
    // Both settings or neither: the bound without the VFS is the failure described in the header.
    int rc = sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
    if (rc != SQLITE_OK) return rc;
    unixVFS = sqlite3_vfs_find("unix");
    if (unixVFS == NULL) {
        rc = SQLITE_ERROR;
    } else {
        splittingVFS = *unixVFS;
        splittingVFS.zName = "icebox-unix";
        splittingVFS.pNext = NULL;
        splittingVFS.xOpen = splittingOpen;
        rc = sqlite3_vfs_register(&splittingVFS, 1);
    }
    if (rc != SQLITE_OK) {
        // Nothing has opened a database yet: SQLite can be shut down and given its default bound back.
        sqlite3_shutdown();
        sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, 64 * 1024);
    }
    return rc;
}

__attribute__((constructor)) static void tuneAtLoad(void) { tuning = tune(ICEBOX_STATEMENT_JOURNAL_IN_MEMORY); }

int icebox_sqlite_statement_journal_tuning(void) { return tuning; }
