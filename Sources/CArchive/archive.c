// The libarchive functions Icebox calls, as forwarders to libarchive.so.13 opened on first use (see
// lazy_load.h). Declared hidden before archive.h is read, so the compiler checks each forwarder against
// libarchive's own prototype and none of them is exported.
#pragma GCC visibility push(hidden)
#include "shim.h"
#pragma GCC visibility pop

#include "lazy_load.h"

static struct icebox_library archive = {"libarchive.so.13", "libarchive13", NULL};

int icebox_archive_require(char *message, size_t size) { return icebox_library_require(&archive, message, size); }

#define ENTRY struct archive_entry *entry
#define HANDLE struct archive *handle

ICEBOX_FORWARD(archive, struct archive_entry *, archive_entry_new, (void), ())
ICEBOX_FORWARD(archive, void, archive_entry_free, (ENTRY), (entry))
ICEBOX_FORWARD(archive, __LA_MODE_T, archive_entry_filetype, (ENTRY), (entry))
ICEBOX_FORWARD(archive, const char *, archive_entry_pathname, (ENTRY), (entry))
ICEBOX_FORWARD(archive, const char *, archive_entry_pathname_utf8, (ENTRY), (entry))
ICEBOX_FORWARD(archive, void, archive_entry_set_filetype, (ENTRY, unsigned int type), (entry, type))
ICEBOX_FORWARD(archive, void, archive_entry_set_gid, (ENTRY, la_int64_t gid), (entry, gid))
ICEBOX_FORWARD(archive, void, archive_entry_set_mtime, (ENTRY, time_t seconds, long nanoseconds),
               (entry, seconds, nanoseconds))
ICEBOX_FORWARD(archive, void, archive_entry_set_pathname, (ENTRY, const char *path), (entry, path))
ICEBOX_FORWARD(archive, void, archive_entry_set_perm, (ENTRY, __LA_MODE_T mode), (entry, mode))
ICEBOX_FORWARD(archive, void, archive_entry_set_size, (ENTRY, la_int64_t size), (entry, size))
ICEBOX_FORWARD(archive, void, archive_entry_set_uid, (ENTRY, la_int64_t uid), (entry, uid))
ICEBOX_FORWARD(archive, la_int64_t, archive_entry_size, (ENTRY), (entry))
ICEBOX_FORWARD(archive, int, archive_entry_size_is_set, (ENTRY), (entry))

ICEBOX_FORWARD(archive, const char *, archive_error_string, (HANDLE), (handle))
ICEBOX_FORWARD(archive, la_int64_t, archive_filter_bytes, (HANDLE, int filter), (handle, filter))

ICEBOX_FORWARD(archive, struct archive *, archive_read_new, (void), ())
ICEBOX_FORWARD(archive, int, archive_read_free, (HANDLE), (handle))
ICEBOX_FORWARD(archive, la_ssize_t, archive_read_data, (HANDLE, void *buffer, size_t size), (handle, buffer, size))
ICEBOX_FORWARD(archive, int, archive_read_next_header, (HANDLE, struct archive_entry **entry), (handle, entry))
ICEBOX_FORWARD(archive, int, archive_read_open_filename, (HANDLE, const char *path, size_t block),
               (handle, path, block))
ICEBOX_FORWARD(archive, int, archive_read_support_filter_all, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_read_support_filter_gzip, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_read_support_filter_zstd, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_read_support_format_all, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_read_support_format_tar, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_read_support_format_zip, (HANDLE), (handle))

ICEBOX_FORWARD(archive, struct archive *, archive_write_new, (void), ())
ICEBOX_FORWARD(archive, int, archive_write_free, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_write_close, (HANDLE), (handle))
ICEBOX_FORWARD(archive, la_ssize_t, archive_write_data, (HANDLE, const void *buffer, size_t size),
               (handle, buffer, size))
ICEBOX_FORWARD(archive, int, archive_write_header, (HANDLE, ENTRY), (handle, entry))
ICEBOX_FORWARD(archive, int, archive_write_open_fd, (HANDLE, int fd), (handle, fd))
ICEBOX_FORWARD(archive, int, archive_write_open_filename, (HANDLE, const char *path), (handle, path))
ICEBOX_FORWARD(archive, int, archive_write_set_options, (HANDLE, const char *options), (handle, options))
ICEBOX_FORWARD(archive, int, archive_write_add_filter_gzip, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_write_add_filter_none, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_write_add_filter_zstd, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_write_set_bytes_in_last_block, (HANDLE, int bytes), (handle, bytes))
ICEBOX_FORWARD(archive, int, archive_write_set_filter_option,
               (HANDLE, const char *module, const char *option, const char *value), (handle, module, option, value))
ICEBOX_FORWARD(archive, int, archive_write_set_format_pax_restricted, (HANDLE), (handle))
ICEBOX_FORWARD(archive, int, archive_write_set_format_zip, (HANDLE), (handle))
