// libarchive, for writing export tarballs (libarchive-dev on Debian).
#include <archive.h>
#include <archive_entry.h>
