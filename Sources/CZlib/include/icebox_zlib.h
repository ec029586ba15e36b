#ifndef ICEBOX_ZLIB_H
#define ICEBOX_ZLIB_H

#include <zlib.h>

/// deflateInit2 for a gzip member (windowBits 15 + 16): zlib's macro, which Swift cannot call.
static inline int icebox_deflate_gzip_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// inflateInit2 for gzip members only (windowBits 15 + 16): zlib's macro, which Swift cannot call.
static inline int icebox_inflate_gzip_init(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

#endif
