// zlib's gzip members for WARC files: everything is in include/icebox_zlib.h.
#include "icebox_zlib.h"
