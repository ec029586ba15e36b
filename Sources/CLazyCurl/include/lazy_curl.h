// libcurl, which FoundationNetworking's URLSession drives, opened on first use (see lazy_load.h).
#ifndef ICEBOX_LAZY_CURL_H
#define ICEBOX_LAZY_CURL_H

#include <stddef.h>

/// Opens libcurl if it is not open yet: 1 when it is, 0 with what to tell the user in `message`
/// (`icebox_library_require`).
int icebox_curl_require(char *message, size_t size);

#endif
