// Opening a shared library on first use instead of at start-up.
//
// A one-shot `icebox search` never talks to a server, writes a tarball or edits a line, yet linking
// libcurl, libarchive and libedit made the dynamic loader map and relocate about forty libraries at
// every start. The functions Icebox (and FoundationNetworking) call in them are defined instead by
// small forwarders (CLazyCurl, CArchive, CLibEdit) that open the library with dlopen the first time one
// is called. A library that cannot be loaded then ends the command with a message naming it and the
// package that provides it, and exit status 72 (EX_OSFILE), as the dynamic loader would have ended
// every command at start-up before (with 127), but now only the commands that need it.
#ifndef ICEBOX_LAZY_LOAD_H
#define ICEBOX_LAZY_LOAD_H

#include <stddef.h>

/// A shared library opened on first use: its soname (as `dlopen` takes it), the Debian package that
/// provides it (for the message when it is missing), and once opened its handle.
struct icebox_library {
    const char *soname;
    const char *package;
    void *handle;
};

/// The exit status of a command that needs a library which cannot be loaded (sysexits' EX_OSFILE).
#define ICEBOX_EXIT_MISSING_LIBRARY 72

/// Opens `library` if it is not open yet. Returns 1 when it is open; 0 when it cannot be, with the
/// loader's reason in `reason` (at most `size` bytes, NUL-terminated).
int icebox_library_load(struct icebox_library *library, char *reason, size_t size);

/// Opens `library` if it is not open yet. Returns 1 when it is open; 0 when it cannot be, with what to
/// tell the user in `message`: "needs SONAME, which cannot be loaded (REASON); install PACKAGE (…)",
/// to follow "this command" or "icebox". The forwarders' exit says the same.
int icebox_library_require(struct icebox_library *library, char *message, size_t size);

/// The address of `name` in `library`, opening the library if needed. A library or symbol that is not
/// there ends the process (status 72) with a message naming both and the package to install.
void *icebox_library_symbol(struct icebox_library *library, const char *name);

/// Looks `symbol` up in `library` once, keeping it in `slot` (a static function pointer).
#define ICEBOX_RESOLVE(library, slot, symbol)                                                      \
    ({                                                                                           \
        __typeof__(slot) found = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);                       \
        if (!found) {                                                                            \
            found = (__typeof__(slot))icebox_library_symbol(&library, symbol);                   \
            __atomic_store_n(&slot, found, __ATOMIC_RELEASE);                                    \
        }                                                                                        \
        found;                                                                                   \
    })

/// Defines `name` with the given return type, parameters and arguments as a forwarder to the function
/// of the same name in `library`. Hidden, so it is never exported from the binary and the library's own
/// calls to its functions never come back here.
#define ICEBOX_FORWARD(library, ret, name, params, args)                                          \
    __attribute__((visibility("hidden"))) ret name params {                                      \
        static ret(*target) params;                                                              \
        return ICEBOX_RESOLVE(library, target, #name) args;                                      \
    }

#endif
