#ifndef ICEBOX_MALLOC_H
#define ICEBOX_MALLOC_H

#include <malloc.h>

/// Has every thread allocate from glibc's main arena (mallopt M_ARENA_MAX 1); 1 when glibc took it.
static inline int icebox_malloc_one_arena(void) {
    return mallopt(M_ARENA_MAX, 1);
}

#endif
