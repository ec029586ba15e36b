// libarchive (libarchive-dev on Debian), for export tarballs and reading account exports. It is opened
// on first use (archive.c), so that commands which never touch a tarball do not load it.
#include <stddef.h>
#include <archive.h>
#include <archive_entry.h>

/// Opens libarchive if it is not open yet: 1 when it is, 0 with what to tell the user in `message`
/// (`icebox_library_require`).
int icebox_archive_require(char *message, size_t size);
