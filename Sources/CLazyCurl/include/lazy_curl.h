// libcurl, which FoundationNetworking's URLSession drives, opened on first use (see lazy_load.h).
#ifndef ICEBOX_LAZY_CURL_H
#define ICEBOX_LAZY_CURL_H

#include <stddef.h>

/// Opens libcurl if it is not open yet: 1 when it is, 0 with the loader's reason in `reason`.
int icebox_curl_load(char *reason, size_t size);

#endif
