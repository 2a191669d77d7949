#define _GNU_SOURCE
#include "theolua_system.h"

#include <errno.h>


#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#endif

/* syscall(2) is variadic, which Swift cannot call: the reason for the wrappers here. */
int theolua_pidfd_open(pid_t pid) {
#ifdef __linux__
    long descriptor = syscall(SYS_pidfd_open, pid, 0);
    return descriptor < 0 ? -1 : (int)descriptor;
#else
    (void)pid;
    return -1;
#endif
}

#ifdef __linux__
#include <stdint.h>
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
/* Linux's struct open_how and RESOLVE_* (linux/openat2.h), which older headers lack. */
struct theolua_open_how {
    uint64_t flags;
    uint64_t mode;
    uint64_t resolve;
};
#define THEOLUA_RESOLVE_NO_MAGICLINKS 0x02
#define THEOLUA_RESOLVE_NO_SYMLINKS 0x04
#define THEOLUA_RESOLVE_BENEATH 0x08
#endif

int theolua_openat_beneath(int folder, const char *path, int flags, unsigned mode) {
#ifdef __linux__
    struct theolua_open_how how = {
        .flags = (uint64_t)(unsigned)flags,
        .mode = mode,
        .resolve = THEOLUA_RESOLVE_BENEATH | THEOLUA_RESOLVE_NO_SYMLINKS | THEOLUA_RESOLVE_NO_MAGICLINKS,
    };
    long descriptor = syscall(SYS_openat2, folder, path, &how, sizeof how);
    return descriptor < 0 ? -errno : (int)descriptor;
#else
    (void)folder;
    (void)path;
    (void)flags;
    (void)mode;
    return -ENOSYS;
#endif
}

int theolua_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *folder) {
    return posix_spawn_file_actions_addchdir_np(actions, folder);
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
