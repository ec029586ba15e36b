#include "lazy_load.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;

int icebox_library_load(struct icebox_library *library, char *reason, size_t size) {
    if (__atomic_load_n(&library->handle, __ATOMIC_ACQUIRE)) return 1;
    pthread_mutex_lock(&opening);
    void *handle = library->handle;
    if (!handle) {
        // RTLD_LOCAL: the library's symbols serve only the lookups made here.
        handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (handle) {
            __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);
        } else if (reason && size > 0) {
            const char *error = dlerror();
            snprintf(reason, size, "%s", error ? error : library->soname);
        }
    }
    pthread_mutex_unlock(&opening);
    return handle != NULL;
}

/// Writes `message` to stderr and ends the process at once: other threads may be running, so no exit
/// handler or destructor runs beside them.
static void end_missing(const char *message) {
    size_t length = strlen(message);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, message, length);
        if (written <= 0) break;
        message += written;
        length -= (size_t)written;
    }
    _exit(ICEBOX_EXIT_MISSING_LIBRARY);
}

int icebox_library_require(struct icebox_library *library, char *message, size_t size) {
    char reason[512] = "";
    if (icebox_library_load(library, reason, sizeof reason)) return 1;
    if (message && size > 0) {
        snprintf(message, size,
                 "needs %s, which cannot be loaded (%s); install %s (apt-get install %s on Debian and Ubuntu)",
                 library->soname, reason, library->package, library->package);
    }
    return 0;
}

void *icebox_library_symbol(struct icebox_library *library, const char *name) {
    char needs[768];
    char message[1024];
    if (!icebox_library_require(library, needs, sizeof needs)) {
        snprintf(message, sizeof message, "icebox: this command %s\n", needs);
        end_missing(message);
    }
    void *symbol = dlsym(library->handle, name);
    if (!symbol) {
        snprintf(message, sizeof message, "icebox: %s has no %s; install a newer %s\n", library->soname, name,
                 library->package);
        end_missing(message);
    }
    return symbol;
}
