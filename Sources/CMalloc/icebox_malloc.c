// The functions are static inline in include/icebox_malloc.h; SwiftPM wants one source file.
#include "icebox_malloc.h"
