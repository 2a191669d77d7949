#ifndef THEOLUA_SYSTEM_H
#define THEOLUA_SYSTEM_H

#include <spawn.h>
#include <sys/types.h>

/* A descriptor that becomes readable when process `pid` exits (Linux's pidfd_open),
   close-on-exec; -1 where the kernel or the platform has none. */
int theolua_pidfd_open(pid_t pid);

/* Makes a spawned process start in `folder` (posix_spawn_file_actions_addchdir_np, which
   glibc declares only for _GNU_SOURCE). Returns 0 or an errno value. */
int theolua_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *folder);

/* The process groups of the children still running, in a fixed table that a signal
   handler can read: when the process dies of a signal, its children are sent SIGTERM
   so that none outlives it. Adding to a full table is ignored. */
void theolua_children_add(pid_t group);
void theolua_children_remove(pid_t group);
/* Async-signal-safe: sends SIGTERM to every group in the table. */
void theolua_children_terminate(void);

/* Keeps blocks of up to 8 MiB, and up to 64 MiB of freed memory, in glibc's heap
   rather than in mappings made and unmade per block (see LargeAllocations in
   TheoluaRuntime). Does nothing elsewhere. */
void theolua_keep_large_allocations_in_heap(void);

#endif
