#ifndef THEOLUA_SYSTEM_H
#define THEOLUA_SYSTEM_H

#include <spawn.h>
#include <sys/types.h>

#include "theolua_http.h"

/* A descriptor that becomes readable when process `pid` exits (Linux's pidfd_open),
   close-on-exec; -1 where the kernel or the platform has none. */
int theolua_pidfd_open(pid_t pid);

#ifdef __linux__
/* Linux's O_PATH (a descriptor to look at an entry by, not to read it), which glibc
   declares only for _GNU_SOURCE. */
#define THEOLUA_O_PATH 010000000
#endif

/* Opens `path` (relative, without links) below the folder open as `folder`, as
   openat(2) with `flags` and `mode` would, through Linux's openat2 with RESOLVE_BENEATH
   and RESOLVE_NO_SYMLINKS: the kernel refuses `..` out of the folder and every link,
   whatever changes meanwhile. Returns the descriptor, or -errno (-ENOSYS where there is
   no openat2: walk it yourself). */
int theolua_openat_beneath(int folder, const char *path, int flags, unsigned mode);

/* Makes a spawned process start in `folder` (posix_spawn_file_actions_addchdir_np, which
   glibc declares only for _GNU_SOURCE). Returns 0 or an errno value. */
int theolua_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *folder);

/* The process groups of the children still running, in a fixed table that a signal
   handler can read. Adding to a full table is ignored. */
void theolua_children_add(pid_t group);
void theolua_children_remove(pid_t group);

/* Makes this process the subreaper of its descendants (Linux's
   PR_SET_CHILD_SUBREAPER): a process a child started, whose parent ended, becomes this
   process's child instead of init's, so that it can still be ended. Only for a process
   whose every child is one a script started (the theolua command). 0 or -1. */
int theolua_adopt_orphans(void);
int theolua_adopts_orphans(void);
/* Reaps the adopted orphans that have exited (not the children a Subprocess waits for). */
void theolua_reap_adopted(void);

/* One process of the system's process table. */
struct theolua_process {
    pid_t pid;
    pid_t parent;
    pid_t group;
    char state;  /* 'Z' for a zombie */
    char marked; /* scratch */
};

/* Reads the process table (/proc) into `table`; returns the count, or -1 where there is
   none. Async-signal-safe, like everything below. */
long theolua_process_table(struct theolua_process *table, long capacity);
/* Whether process `pid`'s environment holds the entry `marker` ("NAME=value"), or an
   entry starting with it when `prefix`. */
int theolua_process_has_marker(pid_t pid, const char *marker, int prefix);
/* Sends `signal` (0 only counts) to every process of a job: in one of `groups`, or
   carrying `marker` in its environment (as a prefix when `prefix`; NULL for none), or a
   child of `parent` (0 for none), and to every descendant of those. `table` is scratch
   space for `capacity` processes. Returns how many live processes (not zombies) were
   signalled. Where there is no process table, signals the groups only. */
long theolua_signal_jobs(
    int signal, const pid_t *groups, long group_count, const char *marker, int prefix, pid_t parent,
    struct theolua_process *table, long capacity);
/* Ends every process this process's scripts started, with what they started: SIGTERM,
   then SIGKILL to what is left after `grace_milliseconds`, reaping them. Finds them by
   the process groups of the table above, the environment entry THEOLUA_JOB=<pid>.…
   every spawned process inherits, and, when orphans are adopted, as children. */
void theolua_children_end_all(int grace_milliseconds);
/* theolua_children_end_all with a short grace: for a fatal signal's handler. */
void theolua_children_terminate(void);

/* Keeps blocks of up to 8 MiB, and up to 64 MiB of freed memory, in glibc's heap
   rather than in mappings made and unmade per block (see LargeAllocations in
   TheoluaRuntime). Does nothing elsewhere. */
void theolua_keep_large_allocations_in_heap(void);

#endif
