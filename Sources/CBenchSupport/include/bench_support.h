#ifndef BENCH_SUPPORT_H
#define BENCH_SUPPORT_H

#include <stddef.h>

/// Bytes the C heap has handed out and not had back (mallinfo2 on glibc; 0 elsewhere).
size_t bench_heap_in_use(void);

#endif
