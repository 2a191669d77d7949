#define _GNU_SOURCE
#include "theolua_system.h"

#include <signal.h>
#include <stdatomic.h>

#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#endif

/* syscall(2) is variadic, which Swift cannot call: this is the one reason for C here. */
int theolua_pidfd_open(pid_t pid) {
#ifdef __linux__
    long descriptor = syscall(SYS_pidfd_open, pid, 0);
    return descriptor < 0 ? -1 : (int)descriptor;
#else
    (void)pid;
    return -1;
#endif
}

int theolua_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *folder) {
    return posix_spawn_file_actions_addchdir_np(actions, folder);
}

/* The table behind theolua_children_*: process groups, 0 for a free slot. */
#define THEOLUA_CHILD_SLOTS 1024
static _Atomic pid_t theolua_children[THEOLUA_CHILD_SLOTS];

void theolua_children_add(pid_t group) {
    for (int i = 0; i < THEOLUA_CHILD_SLOTS; i++) {
        pid_t empty = 0;
        if (atomic_compare_exchange_strong(&theolua_children[i], &empty, group)) {
            return;
        }
    }
}

void theolua_children_remove(pid_t group) {
    for (int i = 0; i < THEOLUA_CHILD_SLOTS; i++) {
        pid_t expected = group;
        if (atomic_compare_exchange_strong(&theolua_children[i], &expected, 0)) {
            return;
        }
    }
}

void theolua_children_terminate(void) {
    for (int i = 0; i < THEOLUA_CHILD_SLOTS; i++) {
        pid_t group = atomic_load(&theolua_children[i]);
        if (group > 0) {
            kill(-group, SIGTERM);
        }
    }
}

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void theolua_keep_large_allocations_in_heap(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 8 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}
